import './sprints.css';
import { useId } from 'react';
import type { ContractData } from '../../src/kernel/rendererContract';
import { defineRenderer } from '../shared/defineRenderer';
import { sprintsContract } from './contract';

/*
 * A study session as a timeline of work sprints and breaks. A bar shows the
 * blocks at widths proportional to their minutes (a picture only, hidden from
 * assistive technology); the list below says everything in text: kind,
 * minutes, when it starts and ends, and the activity.
 */

type Sprint = ContractData<typeof sprintsContract>['sprints'][number];

interface Block extends Sprint {
  start: number;
  end: number;
  /** 1-based among work sprints; breaks are not numbered. */
  workNumber?: number;
}

const minutes = (n: number) => `${n} ${n === 1 ? 'minute' : 'minutes'}`;

/** Elapsed time as h:mm, the way a clock-style timeline reads. */
function clock(total: number): string {
  const h = Math.floor(total / 60);
  const m = Math.round(total % 60);
  return `${h}:${String(m).padStart(2, '0')}`;
}

function blocksOf(sprints: readonly Sprint[]): Block[] {
  let elapsed = 0;
  let work = 0;
  return sprints.map((sprint) => {
    const block: Block = { ...sprint, start: elapsed, end: elapsed + sprint.duration };
    if (sprint.type === 'work') block.workNumber = ++work;
    elapsed = block.end;
    return block;
  });
}

const kindLabel = (block: Block) => (block.type === 'work' ? `Work sprint ${block.workNumber ?? ''}`.trim() : 'Break');

function Timeline({ sprints }: { sprints: readonly Sprint[] }) {
  const id = useId();
  const blocks = blocksOf(sprints);
  const total = blocks.at(-1)?.end ?? 0;
  const workCount = sprints.filter((s) => s.type === 'work').length;
  const breakCount = sprints.length - workCount;

  return (
    <div className="sprint-plan">
      <dl className="sprint-summary">
        <div>
          <dt>Total time</dt>
          <dd>{minutes(total)}</dd>
        </div>
        <div>
          <dt>Work sprints</dt>
          <dd>{workCount}</dd>
        </div>
        <div>
          <dt>Breaks</dt>
          <dd>{breakCount}</dd>
        </div>
      </dl>

      <div className="sprint-bar" aria-hidden="true">
        {blocks.map((block, i) => (
          <div
            key={i}
            className={`sprint-segment sprint-segment-${block.type}`}
            style={{ flexGrow: block.duration }}
            title={`${kindLabel(block)}: ${minutes(block.duration)}`}
          >
            {block.duration}
          </div>
        ))}
      </div>

      <h3 className="result-heading visually-hidden" id={`${id}-heading`}>Timeline</h3>
      <ol className="sprint-timeline" aria-labelledby={`${id}-heading`}>
        {blocks.map((block, i) => (
          <li key={i} className={`sprint-block sprint-block-${block.type}`}>
            <div className="sprint-block-head">
              <span className="sprint-kind">{kindLabel(block)}</span>{' '}
              <span className="sprint-minutes">{minutes(block.duration)}</span>{' '}
              <span className="sprint-clock">
                <span className="visually-hidden">from </span>
                {clock(block.start)}
                <span aria-hidden="true">–</span>
                <span className="visually-hidden"> to </span>
                {clock(block.end)}
              </span>
            </div>
            <p className="sprint-activity">{block.activity}</p>
          </li>
        ))}
      </ol>
    </div>
  );
}

export default defineRenderer(sprintsContract, function SprintTimeline({ data }) {
  return <Timeline sprints={data.sprints} />;
});
