import { gradeNumber } from './outputOptions';
import type { ReadingReport } from './answerWrappers';
import type { Measurement } from './readingLevel';

function formulas(measurement: Measurement): string {
  return `Flesch-Kincaid ${measurement.fleschKincaid}, Coleman-Liau ${measurement.colemanLiau}`;
}

function targetText(report: ReadingReport): string {
  const target = gradeNumber(report.target);
  if (target === null) return '';
  return target >= 13 ? ', target adult' : `, target grade ${target}`;
}

/**
 * The measured reading level beside the target ("Measured: grade 6.3,
 * target grade 6"), with the formulas behind it; when the first answer
 * missed and the model was asked again, both measurements.
 */
export function ReadingBadge({ report }: { report: ReadingReport }) {
  return (
    <div className="reading-badge">
      <p>
        <strong>Measured: grade {report.measured.grade}{targetText(report)}</strong>
        <span className="hint"> ({formulas(report.measured)})</span>
      </p>
      {report.missed && (
        <p className="hint">
          The first answer measured grade {report.missed.grade} ({formulas(report.missed)}), so it was asked once more for the target level.
        </p>
      )}
    </div>
  );
}
