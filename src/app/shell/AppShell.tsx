import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { Header } from './Header';
import { SampleBanner } from './SampleBanner';
import { Sidebar } from './Sidebar';

const MENU_ID = 'app-menu';

export function AppShell({ children }: { children: React.ReactNode }) {
  const [menuOpen, setMenuOpen] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const [location] = useLocation();
  const closeMenu = useCallback(() => setMenuOpen(false), []);

  // Focus the new page's heading so keyboard and screen-reader users start at the top of it.
  useEffect(() => {
    const heading = document.querySelector<HTMLElement>('main h1');
    heading?.focus({ preventScroll: false });
  }, [location]);

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
