import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { Header } from './Header';
import { SampleBanner } from './SampleBanner';
import { Sidebar } from './Sidebar';

const MENU_ID = 'app-menu';

/**
 * Focuses the new page's heading, so keyboard and screen-reader users start
 * at the top of it. Pages load with their route, and a tool's heading is
 * replaced once its declaration arrives, so this keeps watching the page for
 * a moment, and stops as soon as the user presses a key or clicks: it never
 * takes focus from someone who has moved on.
 */
function focusPageHeading(): () => void {
  const main = document.getElementById('main');
  const focus = () => {
    const heading = document.querySelector<HTMLElement>('main h1');
    if (heading && document.activeElement !== heading) heading.focus({ preventScroll: false });
  };
  focus();
  if (!main) return () => undefined;
  const observer = new MutationObserver(() => {
    const active = document.activeElement;
    if (active === null || active === document.body || (active.tagName === 'H1' && !active.isConnected)) focus();
  });
  observer.observe(main, { childList: true, subtree: true });
  const stop = () => {
    observer.disconnect();
    clearTimeout(timer);
    window.removeEventListener('keydown', stop, true);
    window.removeEventListener('pointerdown', stop, true);
  };
  const timer = setTimeout(stop, 3000);
  window.addEventListener('keydown', stop, true);
  window.addEventListener('pointerdown', stop, true);
  return stop;
}

export function AppShell({ children }: { children: React.ReactNode }) {
  const [menuOpen, setMenuOpen] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const [location] = useLocation();
  const closeMenu = useCallback(() => setMenuOpen(false), []);

  // Focus the new page's heading so keyboard and screen-reader users start at the top of it.
  useEffect(() => focusPageHeading(), [location]);

  useEffect(() => {
    if (!menuOpen) return;
    document.querySelector<HTMLElement>(`#${MENU_ID} input, #${MENU_ID} a`)?.focus();
    function onKey(event: KeyboardEvent) {
      if (event.key === 'Escape') {
        setMenuOpen(false);
        toggleRef.current?.focus();
      }
    }
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [menuOpen]);

  return (
    <div className="app">
      <a href="#main" className="skip-link" onClick={(e) => { e.preventDefault(); document.getElementById('main')?.focus(); }}>
        Skip to content
      </a>
      <Sidebar id={MENU_ID} open={menuOpen} onNavigate={closeMenu} />
      {menuOpen && <div className="scrim" aria-hidden="true" onClick={() => setMenuOpen(false)} />}
      <div className="app-main">
        <Header menuOpen={menuOpen} menuId={MENU_ID} onToggleMenu={() => setMenuOpen((o) => !o)} toggleRef={toggleRef} />
        <SampleBanner />
        <main id="main" tabIndex={-1}>{children}</main>
      </div>
    </div>
  );
}
