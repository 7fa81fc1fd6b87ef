import { defineRenderer } from '../shared/defineRenderer';
import { structuredContract } from './contract';
import { StructuredView } from './StructuredView';

/*
 * The structured renderer: its contract around the view. The view lives in
 * StructuredView.tsx so defineRenderer can fall back to it without importing
 * this file (which imports defineRenderer).
 */
export default defineRenderer(structuredContract, function StructuredResult({ data, schema }) {
  return <StructuredView data={data} schema={schema} />;
});
