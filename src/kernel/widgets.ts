/**
 * Field widgets a registry field may name with `widget`: a richer way to fill
 * a field (recording audio into a transcript, say). The widget map in
 * renderers/ adds its keys by declaration merging, as renderers do; what a
 * widget is given (FieldWidgetProps, React nodes included) is in
 * renderers/widgetProps.ts.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-interface
export interface WidgetKeys {}

export type WidgetKey = keyof WidgetKeys;
