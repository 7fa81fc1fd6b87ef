import { describe, expect, it } from 'vitest';
import { knownTopic, resultTopic, topicInResult } from './resultTopic';

describe('the topic of a result', () => {
  it('is the topic typed in, on one line, before anything the result says', () => {
    expect(resultTopic({ toolTitle: 'Lesson Plan Variator', topic: '  Photosynthesis\n(Year 8 science) ', data: '# Plants' })).toBe('Photosynthesis (Year 8 science)');
    expect(resultTopic({ toolTitle: 'Code Explainer', topic: 'C# *args_and_kwargs*' })).toBe('C# *args_and_kwargs*');
  });

  it("else the result's own title: a Markdown level-1 heading, a bolded key term, a structured title", () => {
    expect(topicInResult('# The *water* cycle\n\nWater moves.')).toBe('The water cycle');
    expect(topicInResult('## Summary\nText.\n## Key ideas\n- **Photosynthesis** converts light.\n- **Chlorophyll** absorbs it.')).toBe('Photosynthesis');
    expect(topicInResult({ title: 'Cell division', steps: [] })).toBe('Cell division');
    expect(resultTopic({ toolTitle: 'SmartNotes', data: '## Summary\n- **Osmosis** moves water.' })).toBe('Osmosis');
  });

  it('never takes a label, a blank or a pasted essay as the topic', () => {
    expect(topicInResult('**Note:** read the text first.')).toBeUndefined();
    expect(topicInResult('- **1.9 hours** a day on screens')).toBeUndefined();
    expect(topicInResult('1. **$x = 3$** is the root')).toBeUndefined();
    expect(topicInResult('The answer is **osmosis**, as the text says.')).toBeUndefined();
    expect(topicInResult({ title: '  ***  ' })).toBeUndefined();
    expect(topicInResult(['# Not a record'])).toBeUndefined();
    const essay = `# ${'word '.repeat(100)}`;
    expect(topicInResult(essay)!.length).toBeLessThanOrEqual(60);
    expect(topicInResult(essay)).toMatch(/^word( word)*$/);
  });

  it("falls back to the tool's name when nothing names the topic", () => {
    expect(knownTopic({ toolTitle: 'Differentiated Text Generator', data: { levelA2: 'Bees are important.' } })).toBeUndefined();
    expect(resultTopic({ toolTitle: 'Differentiated Text Generator', topic: ' ', data: { levelA2: 'Bees.' } })).toBe('Differentiated Text Generator');
  });
});
