import { onDemand } from '../../kernel/onDemand';

/*
 * "Attach a file" wraps a text box, so a form with such a box waits for its
 * code before it paints (ToolPage), as it waits for a field widget: a box
 * swapped under the typist would lose their typing. A form without one (the
 * recording tools' boxes bring widgets of their own) never loads it.
 */

const attachFile = onDemand(() => import('./AttachFile').then((module) => module.AttachFile));

export const preloadAttachFile = attachFile.load;

/** The component once preloadAttachFile has brought it; until then a box shows without it. */
export const loadedAttachFile = attachFile.current;
