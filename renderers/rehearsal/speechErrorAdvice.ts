/*
 * What a student can do about a speech recognition error, in a module of its
 * own: the widget loads it when an error comes, not with the form.
 */

const typeInstead = "or type what you said in 'What you said' below and press Get Feedback.";

/**
 * What a student can do about a recognition error: shown under the spec's
 * 'Speech recognition error: {code}' (spec 8), which names only the code.
 */
export function speechErrorAdvice(code: string): string {
  switch (code) {
    case 'not-allowed':
      return `The browser did not let this page use the microphone. Allow the microphone for this site in the browser's site settings (the icon beside the address), then press Start Rehearsing again; ${typeInstead}`;
    case 'service-not-allowed':
      return `This browser does not allow its speech recognition here. Try another browser, ${typeInstead}`;
    case 'audio-capture':
      return `No microphone was found. Connect one (or choose it in the browser's site settings) and press Start Rehearsing again, ${typeInstead}`;
    case 'network':
      return `This browser's speech recognition needs an internet connection. Check yours and press Start Rehearsing again, ${typeInstead}`;
    case 'no-speech':
      return `No speech was heard. Check that the right microphone is on and press Start Rehearsing again, ${typeInstead}`;
    default:
      return `Press Start Rehearsing to try again, ${typeInstead}`;
  }
}
