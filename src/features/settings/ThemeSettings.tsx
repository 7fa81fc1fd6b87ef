import { useId } from 'react';
import { themeChoices, useTheme, type ThemeChoice } from './theme';

const labels: Record<ThemeChoice, { label: string; help: string }> = {
  system: { label: 'System', help: 'Light or dark, as this device is set.' },
  light: { label: 'Light', help: 'Dark text on light backgrounds.' },
  dark: { label: 'Dark', help: 'Light text on dark backgrounds.' },
};

/** The colour theme: a radio group, so arrow keys move between the choices; it applies at once and is remembered here. */
export function ThemeSettings() {
  const choice = useTheme((s) => s.choice);
  const id = useId();
  return (
    <section className="card appearance" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className="section-title">Appearance</h2>
      <fieldset className="choice-group">
        <legend>Theme</legend>
        {themeChoices.map((value) => (
          <div key={value} className="choice">
            <input
              id={`${id}-${value}`}
              type="radio"
              name={`${id}-theme`}
              value={value}
              checked={choice === value}
              onChange={() => useTheme.getState().setChoice(value)}
              aria-describedby={`${id}-${value}-help`}
            />
            <label htmlFor={`${id}-${value}`}>{labels[value].label}</label>
            <span id={`${id}-${value}-help`} className="field-help">{labels[value].help}</span>
          </div>
        ))}
      </fieldset>
    </section>
  );
}
