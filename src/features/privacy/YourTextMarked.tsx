import { isPersonal, type Field, type FormValues } from '../../kernel/fields';
import { fold, markNames, type Pseudonyms, type TextPart } from './placeholders';

/*
 * "What will be sent", read as the teacher wrote it: each personal box's
 * text with every name that goes as a placeholder highlighted, the
 * placeholder written after it ("Ngozi (sent as Student A)", which a
 * screen reader reads as it is), and one line listing every replacement.
 */

interface MarkedBox {
  label: string;
  parts: TextPart[];
}

function markedBoxes(fields: readonly Field[], values: FormValues, pseudonyms: Pseudonyms): MarkedBox[] {
  return fields.filter(isPersonal).flatMap((field) => {
    const value = values[field.name];
    return typeof value === 'string' && value.trim() !== '' ? [{ label: field.label, parts: markNames(value, pseudonyms) }] : [];
  });
}

/** Every name replaced, as written, with its placeholder: each once. */
export function replacementsIn(boxes: readonly { parts: readonly TextPart[] }[]): { name: string; placeholder: string }[] {
  const seen = new Map<string, { name: string; placeholder: string }>();
  for (const { parts } of boxes) {
    for (const { text, placeholder } of parts) {
      const key = `${fold(text).replace(/\s+/gu, ' ')}\u0000${placeholder}`;
      if (placeholder && !seen.has(key)) seen.set(key, { name: text.replace(/\s+/gu, ' '), placeholder });
    }
  }
  return [...seen.values()];
}

export function YourTextMarked({ fields, values, pseudonyms }: { fields: readonly Field[]; values: FormValues; pseudonyms: Pseudonyms }) {
  const boxes = markedBoxes(fields, values, pseudonyms);
  const replacements = replacementsIn(boxes);
  return (
    <>
      {replacements.length > 0 && (
        <p className="hint">
          Replaced before sending, and put back in the answer: {replacements.map(({ name, placeholder }) => `${name} → ${placeholder}`).join('; ')}.
        </p>
      )}
      {boxes.map(({ label, parts }) => (
        <figure key={label} className="your-text">
          <figcaption>{label}, as it is sent</figcaption>
          <p className="your-text-body">
            {parts.map((part, index) =>
              part.placeholder ? (
                <span key={index}>
                  <mark>{part.text}</mark>
                  <span className="sent-as"> (sent as {part.placeholder})</span>
                </span>
              ) : (
                <span key={index}>{part.text}</span>
              ),
            )}
          </p>
        </figure>
      ))}
    </>
  );
}
