/*
 * An assignment's prepared material as its teacher checks it, answers shown.
 * The content is a tool's validated result, read here as plain data (never
 * as markup): quiz questions and flashcards get their usual shape, anything
 * else its text.
 */

interface QuizItem {
  question: string;
  options: string[];
  answer: string;
}
interface CardItem {
  front: string;
  back: string;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;
const isQuizItem = (value: unknown): value is QuizItem => isRecord(value) && typeof value.question === 'string' && Array.isArray(value.options) && typeof value.answer === 'string';
const isCardItem = (value: unknown): value is CardItem => isRecord(value) && typeof value.front === 'string' && typeof value.back === 'string';

/** The list inside a result: the result itself, or its one array field (e.g. { cards: [...] }). */
function itemsOf(content: unknown): unknown[] | null {
  if (Array.isArray(content)) return content;
  if (isRecord(content)) {
    const arrays = Object.values(content).filter(Array.isArray);
    if (arrays.length === 1) return arrays[0] ?? null;
  }
  return null;
}

export function MaterialView({ content }: { content: unknown }) {
  const items = itemsOf(content);
  if (items && items.length > 0 && items.every(isQuizItem)) {
    return (
      <ol className="material-quiz">
        {items.map((item, index) => (
          <li key={index}>
            <p className="material-question">{item.question}</p>
            <ul>
              {item.options.map((option) => (
                <li key={option}>{option === item.answer ? <strong>{option} (answer)</strong> : option}</li>
              ))}
            </ul>
          </li>
        ))}
      </ol>
    );
  }
  if (items && items.length > 0 && items.every(isCardItem)) {
    return (
      <dl className="material-cards">
        {items.map((item, index) => (
          <div key={index}>
            <dt>{item.front}</dt>
            <dd>{item.back}</dd>
          </div>
        ))}
      </dl>
    );
  }
  const text = typeof content === 'string' ? content : JSON.stringify(content, null, 2);
  // Bounded: a check of the material, not a dump of it.
  return <pre className="material-text">{text.length > 20_000 ? `${text.slice(0, 20_000)}…` : text}</pre>;
}
