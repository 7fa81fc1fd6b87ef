import type { Ref } from 'react';
import { Icon } from './Icon';
import { WithSettingsLink } from './WithSettingsLink';

/**
 * Spec 8: a red alert box, bold heading 'Error', the message below; a message naming Settings links there.
 * It can take focus from script (never by Tab), so an error that ends a request can be where focus goes.
 */
export function ErrorBox({ message, children, ref }: { message: string; children?: React.ReactNode; ref?: Ref<HTMLDivElement> }) {
  return (
    <div className="error-box" role="alert" ref={ref} tabIndex={-1}>
      <Icon name="error" className="error-box-icon" />
      <div>
        <p className="error-box-heading">Error</p>
        <p className="error-box-message">
          <WithSettingsLink text={message} />
        </p>
        {children}
      </div>
    </div>
  );
}
