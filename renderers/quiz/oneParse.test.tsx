// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { runTool, type ToolResult } from '../../src/kernel/runTool';
import { scriptedBackend } from '../../src/kernel/testing/scriptedBackend';
import { exactQuizFixture } from '../testing/fixtures';
import { quizContract } from './contract';
import { quizFormats } from './exports';
import QuizResult from './QuizResult';
import { loadedTool } from '../../src/kernel/loadedTool';
import { rendererContracts } from '../contracts';
import { rendererKeyFor } from '../index';

/*
 * The answer is read by the renderer's contract once, in the answer's check:
 * the quiz screen and a quiz export are handed that reading instead of
 * parsing the same answer again. A result the check never saw (a saved item
 * restored from storage) is still read, by the screen itself.
 */

const gift = quizFormats.find((format) => format.key === 'gift')!;
const values = { topic: 'Rivers' };

function showQuiz(result: ToolResult) {
  render(<QuizResult tool={exactQuizFixture} result={result} resultId="res_1" values={values} language="en" runFollowUp={vi.fn()} reset={vi.fn()} />);
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('one reading of an answer by its renderer contract', () => {
  it('one Generate, its quiz screen and its GIFT export read the answer by the quiz contract once', async () => {
    const tool = loadedTool(exactQuizFixture, rendererContracts[rendererKeyFor(exactQuizFixture)]);
    const contractParses = vi.spyOn(quizContract.result, 'safeParse');
    const { backend } = scriptedBackend([exactQuizFixture.example.output]);

    // The model call and its check, as the answer pipeline makes it.
    const result = await runTool(tool.declaration, values, backend);
    showQuiz(result);
    const file = gift.build({ toolTitle: exactQuizFixture.title, data: result.kind === 'json' ? result.data : undefined });

    expect(screen.getByText('Where does a river start?')).toBeTruthy();
    expect(file.text).toContain('Where does a river start?');
    expect(contractParses).toHaveBeenCalledTimes(1);
  });

  it('a result restored from storage, never checked in this tab, is still read by the screen', async () => {
    loadedTool(exactQuizFixture, rendererContracts[rendererKeyFor(exactQuizFixture)]);
    const contractParses = vi.spyOn(quizContract.result, 'safeParse');
    const restored: ToolResult = { kind: 'json', data: JSON.parse(JSON.stringify(exactQuizFixture.example.output)) };

    showQuiz(restored);

    expect(screen.getByText('Where does a river start?')).toBeTruthy();
    expect(contractParses).toHaveBeenCalledTimes(1);
  });
});
