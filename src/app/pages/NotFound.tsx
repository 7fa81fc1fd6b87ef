import { Link } from 'wouter';
import { routes } from '../../ui/routes';

export function NotFound() {
  return (
    <article className="page narrow">
      <h1 className="page-title" tabIndex={-1}>Page not found</h1>
      <p className="lede">There is no page at this address. It may have been renamed, or the link may be mistyped.</p>
      <p><Link href={routes.dashboard} className="button button-primary">Go to the dashboard</Link></p>
    </article>
  );
}
