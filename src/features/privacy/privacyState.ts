// zod's full API, as every tool page (where this loads) has it already; zod/mini would add its own constructors.
import { useSyncExternalStore } from 'react';
import { z } from 'zod';
import { create } from 'zustand';
import { acceptedNamesFor, forgetAcceptedNames, subscribeAcceptedNames } from './acceptedNames';
import { readStored, storageKeys, writeStored } from '../../kernel/stored/storage';
import { zodReader } from '../../kernel/stored/zodReader';
import { onStorageChange } from '../../kernel/stored/otherTabs';

/*
 * Names stay in the school: before a request leaves the browser,
 * the names a user typed are replaced by placeholders ("Student A"). On by
 * default; Settings turns it off for every tool, and a tool's "What will be
 * sent" panel turns it off for that tool alone, each with a warning. Kept in
 * this browser only.
 */

const privacySchema = z.object({
  replaceNames: z.boolean(),
  /** Tools whose requests carry names as typed, chosen one by one. */
  namesSentBy: z.array(z.string()),
});

export type PrivacyChoices = z.infer<typeof privacySchema>;

export const DEFAULT_PRIVACY: PrivacyChoices = { replaceNames: true, namesSentBy: [] };

interface PrivacyState extends PrivacyChoices {
  setReplaceNames(on: boolean): void;
  /** Whether this tool sends names as typed (true) or replaced (false, the default). */
  setToolSendsNames(toolId: string, sends: boolean): void;
  /** Re-reads the stored choices (another tab changed them, or all data was deleted). */
  reload(): void;
}

function remember(choices: PrivacyChoices): void {
  try {
    writeStored(storageKeys.privacy, choices);
  } catch (error) {
    // The choice holds in this tab; it is only not remembered.
    console.warn('[privacy] could not remember the choice', error);
  }
}

export const usePrivacy = create<PrivacyState>()((set, get) => ({
  ...readStored(storageKeys.privacy, zodReader(privacySchema), DEFAULT_PRIVACY),
  setReplaceNames(replaceNames) {
    set({ replaceNames });
    remember({ replaceNames, namesSentBy: get().namesSentBy });
  },
  setToolSendsNames(toolId, sends) {
    const others = get().namesSentBy.filter((id) => id !== toolId);
    const namesSentBy = sends ? [...others, toolId] : others;
    set({ namesSentBy });
    remember({ replaceNames: get().replaceNames, namesSentBy });
  },
  reload() {
    set(readStored(storageKeys.privacy, zodReader(privacySchema), DEFAULT_PRIVACY));
  },
}));

/** Whether a tool's requests have their names replaced: on unless turned off in Settings or for this tool. */
export function replacesNames(choices: PrivacyChoices, toolId: string): boolean {
  return choices.replaceNames && !choices.namesSentBy.includes(toolId);
}

/** The words the user said are names in this tool's form, this tab (features/privacy/acceptedNames.ts). */
export function useAcceptedNames(toolId: string): readonly string[] {
  return useSyncExternalStore(subscribeAcceptedNames, () => acceptedNamesFor(toolId));
}

// Another tab's choice (or its "Delete all my data") holds here too; this store loads with a tool page or Settings.
onStorageChange((key) => {
  if (key === null || key === storageKeys.privacy) usePrivacy.getState().reload();
  // All data deleted: the words said to be names go with the forms they were said of.
  if (key === null) forgetAcceptedNames();
});
