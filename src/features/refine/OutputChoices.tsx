import { useId, type ReactNode } from 'react';
import type { ChangeRequest } from './changeRequests';
import {
  isOutputLanguage,
  isReadingLevel,
  languageName,
  levelName,
  levelsOf,
  nativeLanguageName,
  OUTPUT_LANGUAGES,
  type OutputOptions,
  type ReadingScale,
} from './outputOptions';
import { useOutputLanguage } from './outputLanguageState';

/** "Spanish, Grade 5": what a rewrite to these choices is asked for. */
function choiceText({ language, level }: OutputOptions): string {
  return level === '' ? languageName(language) : `${languageName(language)}, ${levelName(level)}`;
}

/**
 * The change that rewrites the shown version to the chosen language and
 * level, or null when it already is in them. A level only counts on a tool
 * with a reading-level scale.
 */
export function outputChange(shown: OutputOptions, chosen: OutputOptions, scale: ReadingScale | null): ChangeRequest | null {
  const level = scale ? chosen.level : '';
  const sameLevel = scale === null || shown.level === chosen.level || level === '';
  if (shown.language === chosen.language && sameLevel) return null;
  const target = { language: chosen.language, level };
  return {
    label: `Rewrite: ${choiceText(target)}`,
    instruction: `Rewrite it in ${languageName(chosen.language)}${level === '' ? '' : ` for a reader at ${levelName(level)}`}, changing nothing else.`,
  };
}

interface OutputChoicesProps {
  scale: ReadingScale | null;
  level: OutputOptions['level'];
  /** A reading level chosen for this tool's later requests. */
  onLevel(level: OutputOptions['level']): void;
  disabled: boolean;
  /** The rewrite button, when the choices differ from the version shown. */
  children?: ReactNode;
}

/** The output language (one remembered choice for every tool) and this tool's reading level; both apply to every later request. */
export function OutputChoices({ scale, level, onLevel, disabled, children }: OutputChoicesProps) {
  const id = useId();
  const { language, setLanguage } = useOutputLanguage();
  return (
    <fieldset className="refine-output">
      <legend>Output</legend>
      <div className="refine-output-row">
        <div className="field">
          <label htmlFor={`${id}-language`}>Output language</label>
          <select
            id={`${id}-language`}
            value={language}
            disabled={disabled}
            onChange={(event) => isOutputLanguage(event.target.value) && setLanguage(event.target.value)}
          >
            {OUTPUT_LANGUAGES.map((code) => {
              const name = languageName(code);
              const native = nativeLanguageName(code);
              return (
                <option key={code} value={code}>
                  {native === name ? name : `${name} (${native})`}
                </option>
              );
            })}
          </select>
        </div>
        {scale && (
          <div className="field">
            <label htmlFor={`${id}-level`}>Reading level</label>
            <select
              id={`${id}-level`}
              value={level}
              disabled={disabled}
              onChange={(event) => isReadingLevel(event.target.value) && onLevel(event.target.value)}
            >
              <option value="">Any level</option>
              {levelsOf(scale).map((choice) => (
                <option key={choice} value={choice}>{levelName(choice)}</option>
              ))}
            </select>
          </div>
        )}
        {children}
      </div>
      <p className="hint">The interface stays in English. New answers use these choices.</p>
    </fieldset>
  );
}
