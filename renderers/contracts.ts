import type { ContractTypes, RendererContract } from '../src/kernel/rendererContract';
import type { RendererKey } from '../src/kernel/renderers';
import { flashcardsContract } from './flashcards/contract';
import { markdownContract } from './markdown/contract';
import { quizContract } from './quiz/contract';
import { slidesContract } from './slides/contract';
import { sprintsContract } from './sprints/contract';
import { structuredContract } from './structured/contract';
import { tabsContract } from './tabs/contract';

/*
 * Every renderer's contract by the key a registry file names. Zod only (no
 * React), so the registry plugin loads this in Node to check each tool while
 * assembling, and the renderer map can be typed over the same keys.
 */

declare module '../src/kernel/renderers' {
  interface RendererKeys {
    markdown: ContractTypes<typeof markdownContract>;
    structured: ContractTypes<typeof structuredContract>;
    quiz: ContractTypes<typeof quizContract>;
    flashcards: ContractTypes<typeof flashcardsContract>;
    tabs: ContractTypes<typeof tabsContract>;
    slides: ContractTypes<typeof slidesContract>;
    sprints: ContractTypes<typeof sprintsContract>;
  }
}

export const rendererContracts = {
  markdown: markdownContract,
  structured: structuredContract,
  quiz: quizContract,
  flashcards: flashcardsContract,
  tabs: tabsContract,
  slides: slidesContract,
  sprints: sprintsContract,
} as const satisfies Record<RendererKey, RendererContract>;
