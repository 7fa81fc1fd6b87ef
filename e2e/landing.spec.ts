import { expect, test } from '@playwright/test';

/*
 * The landing page at '/' (spec 2): hero, 'Start Learning', feature cards, a
 * 3-step explainer, a projects teaser, benefit lists for students and teachers
 * and a final call to the dashboard. 'Go to App' and 'Start Learning' open it.
 */

// Spec 1: the landing page promotes these six things.
const promoted = [/adaptive quizzes/i, /writing/i, /source synthesis/i, /project management/i, /teacher tools/i, /career/i];

test('shows every landing section', async ({ page }) => {
  await page.goto('/');

  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toContainText(/AI tools/i);
  await expect(page.getByRole('link', { name: 'Go to App' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Start Learning' })).toBeVisible();

  // Feature cards: one titled card per promoted feature.
  for (const feature of promoted) {
    await expect(page.getByRole('heading', { level: 3, name: feature })).toBeVisible();
  }

  // How it works: exactly three steps.
  const howItWorks = page.getByRole('region', { name: 'How it works' });
  await expect(howItWorks.getByRole('heading', { level: 2, name: 'How it works' })).toBeVisible();
  await expect(howItWorks.getByRole('listitem')).toHaveCount(3);
  for (const step of await howItWorks.getByRole('listitem').all()) {
    await expect(step.getByRole('heading', { level: 3 })).toBeVisible();
  }

  // Projects teaser linking to /projects.
  const teaser = page.getByRole('region', { name: /projects/i });
  await expect(teaser.getByRole('link')).toHaveAttribute('href', '#/projects');

  // Student and teacher benefit lists.
  for (const audience of ['For students', 'For teachers']) {
    const heading = page.getByRole('heading', { level: 2, name: audience });
    await expect(heading).toBeVisible();
    // The list sits in the same card as its heading (the card itself has no role).
    const card = heading.locator('xpath=..');
    expect(await card.getByRole('listitem').count()).toBeGreaterThanOrEqual(2);
  }

  // Final call to the dashboard: the last link on the page goes there.
  const main = page.getByRole('main');
  await expect(main.getByRole('link').last()).toHaveAttribute('href', '#/dashboard');
  await expect(main.getByRole('link').last()).not.toHaveText('Start Learning');
});

test('the projects teaser opens the projects page', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('region', { name: /projects/i }).getByRole('link').click();
  await expect(page).toHaveURL(/#\/projects$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Projects' })).toBeVisible();
});

for (const name of ['Go to App', 'Start Learning']) {
  test(`'${name}' goes to the dashboard`, async ({ page }) => {
    await page.goto('/');
    await page.getByRole('link', { name }).click();
    await expect(page).toHaveURL(/#\/dashboard$/);
    await expect(page.getByRole('tab', { name: 'All Tools' })).toBeVisible();
  });
}

test('the final call opens the dashboard', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('main').getByRole('link').last().click();
  await expect(page).toHaveURL(/#\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeAttached();
});
