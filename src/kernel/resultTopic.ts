/*
 * What a result is about, in one place, so every exported file, deck and
 * saved item is named the same way: the topic the person typed (the first
 * one-line input, see topicOf in fields.ts), else a title the result gives
 * itself, else nothing, and the tool's name stands in.
 */

/** What a topic is read from: the tool's name (the fallback), the typed topic when known, the result. */
export interface TopicSource {
  toolTitle: string;
  topic?: string | undefined;
  data?: unknown;
}

/** Long enough for "Photosynthesis (Year 8 science)", short enough for a file name and a slide title. */
export const MAX_TOPIC_CHARS = 60;

/** One line, cut at a word when too long; undefined when nothing readable is left. */
function oneLine(text: string): string | undefined {
  const flat = text
    .replace(/[\u0000-\u001f\u007f]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (!/\p{L}|\p{N}/u.test(flat)) return undefined;
  if (flat.length <= MAX_TOPIC_CHARS) return flat;
  const cut = flat.slice(0, MAX_TOPIC_CHARS);
  const space = cut.lastIndexOf(' ');
  return (space > MAX_TOPIC_CHARS / 2 ? cut.slice(0, space) : cut).replace(/[\s,;:.-]+$/, '');
}

/** A result's Markdown emphasis is not part of its title; a typed topic keeps every character ("C# basics"). */
const withoutEmphasis = (text: string) => text.replace(/[*_`]+/g, '').replace(/\s+#+\s*$/, '');

/**
 * A key term: a list item that opens with a bold name ("- **Photosynthesis**
 * converts light"), as notes list their key ideas. Words only: a bold number,
 * formula or quotation is a detail, not what the result is about.
 */
const KEY_TERM = /^\s*(?:[-*+]|\d+[.)])\s+\*\*([\p{L}][\p{L}\p{M}' -]{1,39})\*\*/mu;

/**
 * The title a result gives itself: a Markdown result's level-1 heading on its
 * first line, else the key term its first list opens with; a structured
 * result's top-level "title" or "topic" text.
 */
export function topicInResult(data: unknown): string | undefined {
  if (typeof data === 'string') {
    const first = data.trimStart().split('\n', 1)[0] ?? '';
    const heading = /^#\s+(.+)$/.exec(first.trim());
    if (heading) return oneLine(withoutEmphasis(heading[1]!));
    const term = KEY_TERM.exec(data);
    return term ? oneLine(term[1]!) : undefined;
  }
  if (typeof data === 'object' && data !== null && !Array.isArray(data)) {
    const record = data as Record<string, unknown>;
    for (const key of ['topic', 'title']) {
      const value = record[key];
      if (typeof value === 'string') {
        const topic = oneLine(value);
        if (topic) return topic;
      }
    }
  }
  return undefined;
}

/** The topic when one is known (typed, or given by the result), on one line; undefined when only the tool's name is left. */
export function knownTopic(source: TopicSource): string | undefined {
  return (source.topic === undefined ? undefined : oneLine(source.topic)) ?? topicInResult(source.data);
}

/** What a result is about, for its files' names and titles and its saved item: the known topic, else the tool's name. */
export function resultTopic(source: TopicSource): string {
  return knownTopic(source) ?? (oneLine(source.toolTitle) || source.toolTitle);
}
