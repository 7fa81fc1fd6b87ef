import './slides.css';
import { useId } from 'react';
import type { ContractSchema } from '../../src/kernel/contractSchema';
import type { ContractData } from '../../src/kernel/rendererContract';
import { labelOf } from '../../src/kernel/resultText';
import { defineRenderer } from '../shared/defineRenderer';
import { slidesContract } from './contract';

/* A presentation outline as a stack of slide cards: number, title, talking points. */

type Slide = ContractData<typeof slidesContract>['slides'][number];

function SlideCard({ slide, number, pointsLabel }: { slide: Slide; number: number; pointsLabel: string }) {
  const id = useId();
  return (
    <li className="slide-item">
      {/* Named by number and title together, so a screen reader's list of articles reads like the deck. */}
      <article className="slide" aria-labelledby={`${id}-number ${id}-title`}>
        <p className="slide-number" id={`${id}-number`}>Slide {number}</p>
        <h3 className="slide-title" id={`${id}-title`}>{slide.title}</h3>
        {slide.points.length > 0 ? (
          <ul className="slide-points" aria-label={pointsLabel}>
            {slide.points.map((point, i) => <li key={i}>{point}</li>)}
          </ul>
        ) : (
          <p className="empty-state">No talking points.</p>
        )}
      </article>
    </li>
  );
}

export default defineRenderer(slidesContract, function Slides({ data: { slides }, schema }) {
  const slideSchema: ContractSchema | undefined = schema?.properties?.slides?.items;
  const pointsLabel = labelOf('points', slideSchema?.properties?.points);
  return (
    <ol className="slides" aria-label={`${slides.length} ${slides.length === 1 ? 'slide' : 'slides'}`}>
      {slides.map((slide, i) => <SlideCard key={i} slide={slide} number={i + 1} pointsLabel={pointsLabel} />)}
    </ol>
  );
});
