import { Suspense } from 'react';
import { useLocation } from 'wouter';
import { findTool } from '../../kernel/catalogue';
import { Icon } from '../../ui/Icon';
import { pageAt } from '../screenTable';
import { ActiveProjectPicker } from '../../features/projects';
import { AccountHeaderEntry } from '../../features/accounts';
import { accountsConfig } from '../../kernel/backend/settings';

/** Read once: the gateway's config does not change while the page is open. With sign-in off, the header is as it always was. */
const signInOn = accountsConfig() !== undefined;

/** The page the sidebar marks current (screenTable.ts), else the tool on screen, else the app's name. */
function useHeaderTitle(): { title: string; icon?: string } {
  const [location] = useLocation();
  const page = pageAt(location);
  if (page) return page.page;
  const tool = findTool(location.slice(1));
  return tool ? { title: tool.title, icon: tool.icon } : { title: 'StudyForge' };
}

interface HeaderProps {
  menuOpen: boolean;
  menuId: string;
  onToggleMenu(): void;
  toggleRef: React.Ref<HTMLButtonElement>;
}

export function Header({ menuOpen, menuId, onToggleMenu, toggleRef }: HeaderProps) {
  const { title, icon } = useHeaderTitle();
  return (
    <header className="app-header">
      <button
        ref={toggleRef}
        type="button"
        className="menu-toggle button button-quiet"
        aria-expanded={menuOpen}
        aria-controls={menuId}
        onClick={onToggleMenu}
        // The open menu slides over this toggle; its own Close menu control (Sidebar) takes its place until it closes.
        hidden={menuOpen}
      >
        <Icon name={menuOpen ? 'close' : 'menu'} />
        <span className="visually-hidden">{menuOpen ? 'Close menu' : 'Open menu'}</span>
      </button>
      <p className="header-title">
        {icon && <Icon name={icon} />}
        {/* Cut with an ellipsis on a narrow screen (shell.css): the title attribute shows it whole on hover. */}
        <span title={title}>{title}</span>
      </p>
      <ActiveProjectPicker />
      {signInOn && (
        <Suspense fallback={null}>
          <AccountHeaderEntry />
        </Suspense>
      )}
    </header>
  );
}
