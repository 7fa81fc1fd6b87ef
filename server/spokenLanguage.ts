/*
 * The optional `language` field of a transcription upload: the language the
 * user chose in the app, a hint for services that otherwise assume one
 * (whisper.cpp decodes as English unless told). Untrusted: only a short
 * language tag is kept ("fr", "fil", "pt-BR" as "pt"), anything else is
 * dropped and the service detects the language itself.
 */
export function spokenLanguage(field: unknown): string | undefined {
  if (typeof field !== 'string' || field.length > 16) return undefined;
  const match = /^([a-z]{2,3})(?:-[a-z0-9]{2,8})?$/i.exec(field.trim());
  return match?.[1]?.toLowerCase();
}
