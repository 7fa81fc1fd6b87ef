import type { Browser } from '@playwright/test';
import { storageKeys } from '../../src/kernel/stored/storage';
import { grade, newRecord, type CardRecord } from '../../src/features/study/schedule';
import { ms, newPage, record } from './harness';

/*
 * The study target: a deck of 5,000 cards (500 saved Flashcard Generator results of
 * ten cards, every card reviewed three times) opens on the Study screen in
 * under 200 ms: from the hash change to the first due card on screen, with
 * the screen's code loaded on intent first, as a pointer over the link does.
 */

const ITEMS = 500;
const CARDS_PER_ITEM = 10;

export async function measureBigDeck(browser: Browser, base: string) {
  console.log(`\nA deck of ${ITEMS * CARDS_PER_ITEM} flashcards`);
  const project = { id: 'proj_1700000000001', name: 'Five thousand cards', createdAt: '2026-01-05T09:00:00.000Z' };
  const savedAt = new Date('2026-01-05T10:00:00.000Z');
  const artifacts = Array.from({ length: ITEMS }, (_, i) => ({
    id: `art_${1700000100000 + i}`,
    createdAt: savedAt.toISOString(),
    toolId: 'flashcard-generator',
    toolTitle: 'Flashcard Generator',
    data: Array.from({ length: CARDS_PER_ITEM }, (_, j) => ({ question: `Question ${i}.${j}: what is term ${j} of set ${i}?`, answer: `Answer ${i}.${j}, with a sentence of explanation.` })),
  }));
  const cards: Record<string, CardRecord> = {};
  for (const artifact of artifacts) {
    for (let j = 0; j < CARDS_PER_ITEM; j++) {
      let card = newRecord(savedAt);
      for (const [n, value] of ([3, 3, 1] as const).entries()) card = grade(card, value, new Date(savedAt.getTime() + n * 86_400_000), `r${n}`);
      cards[`${artifact.id}:${j}`] = card;
    }
  }
  const page = await newPage(browser);
  const context = page.context();
  await page.addInitScript(
    ({ keys, project, artifacts, study }) => {
      if (sessionStorage.getItem('bench-seeded')) return;
      sessionStorage.setItem('bench-seeded', '1');
      localStorage.setItem(keys.projects, JSON.stringify([project]));
      localStorage.setItem(keys.artifacts, JSON.stringify(artifacts));
      localStorage.setItem(keys.study, JSON.stringify(study));
    },
    { keys: { projects: storageKeys.projects, artifacts: storageKeys.artifacts(project.id), study: storageKeys.study(project.id) }, project, artifacts, study: { cards } },
  );
  await page.goto(`${base}#/projects/${project.id}`);
  await page.getByRole('link', { name: 'Study now' }).hover();
  await page.waitForLoadState('networkidle');
  const open = await page.evaluate(async (id) => {
    const start = performance.now();
    location.hash = `#/projects/${id}/study`;
    await new Promise<void>((resolve) => {
      const check = () => (document.getElementById('study-front') ? resolve() : requestAnimationFrame(check));
      check();
    });
    return performance.now() - start;
  }, project.id);
  record(`open the Study screen on a deck of ${ITEMS * CARDS_PER_ITEM} cards`, ms(open), '< 200 ms', open < 200);
  await context.close();
}
