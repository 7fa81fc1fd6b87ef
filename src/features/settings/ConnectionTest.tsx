import { useEffect, useId, useRef, useState } from 'react';
import { CONNECTION_TEST_PROMPT, CONNECTION_TEST_TIMEOUT_MS, testConnection, type ConnectionSettings, type ConnectionTestResult } from './testConnection';
import { Icon } from '../../ui/Icon';
import { Spinner } from '../../ui/Spinner';

interface ConnectionTestProps {
  /** What the forms above hold now, saved or not, as a save would put it in effect. */
  settings: ConnectionSettings;
  /** Why those settings cannot be tried yet (an address that is not one, an own key switched on but incomplete). */
  problem: string | null;
}

/**
 * "Test connection": asks whatever would answer the tools, with the
 * settings as entered, one fixed question, and says what came back. One test
 * at a time: while one runs the button does nothing and Cancel stops it.
 */
export function ConnectionTest({ settings, problem }: ConnectionTestProps) {
  // The settings a result was for: a result is shown only while they are still the ones on screen.
  const tried = JSON.stringify({ settings, problem });
  const [outcome, setOutcome] = useState<{ tried: string; result: ConnectionTestResult } | null>(null);
  const [running, setRunning] = useState<AbortController | null>(null);
  const testRef = useRef<HTMLButtonElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const id = useId();

  // Leaving Settings stops a test still running.
  useEffect(() => () => running?.abort(), [running]);

  async function run() {
    if (running) return;
    if (problem) {
      setOutcome({ tried, result: { ok: false, message: problem } });
      return;
    }
    const controller = new AbortController();
    setRunning(controller);
    setOutcome(null);
    const result = await testConnection(settings, { signal: controller.signal });
    // Cancel goes away with the test: focus it held goes back to the button that started it.
    if (document.activeElement === cancelRef.current) testRef.current?.focus();
    setRunning(null);
    setOutcome({ tried, result });
  }

  const shown = outcome?.tried === tried ? outcome.result : null;
  return (
    <section className="card connection-test" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className="section-title">Check the connection</h2>
      <p className="hint" id={`${id}-help`}>
        Asks where tools get their answers, with the settings as they are on this screen now (saved or not), one fixed
        question: “{CONNECTION_TEST_PROMPT}” Nothing you typed into a tool is sent. It gives up after{' '}
        {CONNECTION_TEST_TIMEOUT_MS / 1000} seconds.
      </p>
      <div className="form-actions">
        <button
          ref={testRef}
          type="button"
          className="button"
          onClick={() => void run()}
          // aria-disabled, not disabled: the button keeps focus while the test runs, and a second press does nothing.
          aria-disabled={running ? true : undefined}
          aria-describedby={`${id}-help`}
        >
          <Icon name="network_check" />
          <span>Test connection</span>
        </button>
        {running && (
          <button ref={cancelRef} type="button" className="button" onClick={() => running.abort()}>
            Cancel test
          </button>
        )}
      </div>
      <div className="connection-test-result" aria-live="polite">
        {running && (
          <p className="hint">
            <Spinner /> Testing the connection...
          </p>
        )}
        {!running && shown && (
          <p className={shown.ok ? 'connection-ok' : 'inline-error'}>
            <Icon name={shown.ok ? 'check_circle' : 'error'} />
            <span>{shown.message}</span>
          </p>
        )}
      </div>
    </section>
  );
}
