import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { useLocation } from 'wouter';
import { Header } from './Header';
import { SampleBanner } from './SampleBanner';
import { Sidebar } from './Sidebar';
import { focusPageHeading } from './focusPageHeading';
import { loadCommandPalette } from '../../features/find';
import { palettePages } from '../screenTable';

const MENU_ID = 'app-menu';

/* The command palette's code (and its fuzzy matcher) loads the first time someone opens it. */
const CommandPalette = lazy(loadCommandPalette);

/** Where "/" is typing, not a shortcut: a text field, a select, an editable region. */
function typingInto(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || target.closest('input, textarea, select, [contenteditable="true"]') !== null;
}

/** Ctrl+K (Cmd+K on a Mac) anywhere, or "/" where no field has focus. */
function opensPalette(event: KeyboardEvent): boolean {
  if (event.altKey || event.repeat) return false;
  if ((event.ctrlKey || event.metaKey) && !event.shiftKey && event.key.toLowerCase() === 'k') return true;
  return event.key === '/' && !event.ctrlKey && !event.metaKey && !typingInto(event.target);
}

/** Below this width the sidebar is a menu that slides over the page (styles.css uses the same width). */
const MOBILE_QUERY = '(max-width: 900px)';

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** What Tab can reach while the menu is open: the toggle (while shown; the open menu has its own Close menu control), then the menu's own controls, in order. */
function menuTabStops(menu: HTMLElement | null, toggle: HTMLElement | null): HTMLElement[] {
  const inMenu = menu ? [...menu.querySelectorAll<HTMLElement>(FOCUSABLE)] : [];
  // Tool links hidden by the search have no box, and cannot take focus.
  // Controls kept out of the Tab order on purpose (the sidebar's stars, tabIndex -1) stay out of the trap's too.
  return [toggle, ...inMenu].filter((el): el is HTMLElement => el !== null && el.tabIndex >= 0 && el.getClientRects().length > 0);
}

export function AppShell({ children }: { children: React.ReactNode }) {
  const [menuOpen, setMenuOpen] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const [location] = useLocation();
  const closeMenu = useCallback(() => setMenuOpen(false), []);
  /** Closes the menu and puts focus back on its toggle, as after Escape or a click outside. */
  const dismissMenu = useCallback(() => {
    flushSync(() => setMenuOpen(false));
    toggleRef.current?.focus();
  }, []);

  const [paletteOpen, setPaletteOpen] = useState(false);
  const closePalette = useCallback(() => setPaletteOpen(false), []);
  useEffect(() => {
    function onKey(event: KeyboardEvent) {
      if (!opensPalette(event)) return;
      // Ctrl+K would otherwise go to the browser's own search box.
      event.preventDefault();
      setMenuOpen(false);
      setPaletteOpen(true);
    }
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  // Focus the new page's heading so keyboard and screen-reader users start at the top of it.
  useEffect(() => focusPageHeading(), [location]);

  // Widening the window past the phone layout shows the sidebar in place: the menu is no longer open over the page.
  useEffect(() => {
    if (!menuOpen || typeof window.matchMedia !== 'function') return;
    const query = window.matchMedia(MOBILE_QUERY);
    const onChange = () => {
      if (!query.matches) setMenuOpen(false);
    };
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, [menuOpen]);

  /*
   * The open menu is modal: focus starts in it, Tab and Shift+Tab cycle
   * through it and its toggle (the page behind is inert), and Escape closes
   * it, returning focus to the toggle.
   */
  useEffect(() => {
    if (!menuOpen) return;
    const menu = document.getElementById(MENU_ID);
    menu?.querySelector<HTMLElement>('input, a')?.focus();
    function onKey(event: KeyboardEvent) {
      if (event.key === 'Escape') {
        event.preventDefault();
        dismissMenu();
        return;
      }
      if (event.key !== 'Tab' || event.altKey || event.ctrlKey || event.metaKey) return;
      const stops = menuTabStops(menu, toggleRef.current);
      if (stops.length === 0) return;
      event.preventDefault();
      const at = stops.indexOf(document.activeElement as HTMLElement);
      const step = event.shiftKey ? -1 : 1;
      const next = at === -1 ? (event.shiftKey ? stops.length - 1 : 0) : (at + step + stops.length) % stops.length;
      stops[next]?.focus();
    }
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [menuOpen, dismissMenu]);

  return (
    <div className="app">
      <a href="#main" className="skip-link" onClick={(e) => { e.preventDefault(); document.getElementById('main')?.focus(); }}>
        Skip to content
      </a>
      <Sidebar id={MENU_ID} open={menuOpen} onNavigate={closeMenu} onClose={dismissMenu} />
      {menuOpen && <div className="scrim" aria-hidden="true" onClick={dismissMenu} />}
      <div className="app-main">
        <Header
          menuOpen={menuOpen}
          menuId={MENU_ID}
          onToggleMenu={() => (menuOpen ? dismissMenu() : setMenuOpen(true))}
          toggleRef={toggleRef}
        />
        {/* Behind the open menu the page is inert: neither Tab nor a screen reader's cursor wanders into it. */}
        <main id="main" tabIndex={-1} inert={menuOpen}>
          <SampleBanner />
          {children}
        </main>
      </div>
      {paletteOpen && (
        <Suspense fallback={null}>
          <CommandPalette pages={palettePages} onClose={closePalette} />
        </Suspense>
      )}
    </div>
  );
}
