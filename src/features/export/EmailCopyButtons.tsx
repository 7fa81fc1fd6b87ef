import { useMemo } from 'react';
import { CopyButton } from '../../ui/CopyButton';
import type { ExportInput } from './exportInput';
import { emailParts } from './emailParts';

interface EmailCopyButtonsProps {
  toolId: string;
  /** The answer as written: markdown opening with its "Subject:" line. */
  answer: string;
  input: ExportInput;
}

/**
 * "Copy subject" and "Copy body" beside Copy, for a tool that declares
 * `copy: 'email'`: a teacher pastes each into its own box of the email
 * client. Nothing when the answer has no subject line (Copy alone is right).
 * The body goes as rich copy too, like Copy, so its paragraphs and emphasis
 * survive a paste into Gmail or Outlook; the subject box takes plain text only.
 */
export function EmailCopyButtons({ toolId, answer, input }: EmailCopyButtonsProps) {
  const parts = useMemo(() => emailParts(answer), [answer]);
  if (!parts) return null;
  const bodyHtml = () => import('./richCopy').then((m) => m.richCopyHtml(toolId, { ...input, data: parts.body }));
  return (
    <>
      <CopyButton text={parts.subject} label="Copy subject" />
      <CopyButton text={parts.body} html={bodyHtml} label="Copy body" />
    </>
  );
}
