import { Icon } from './Icon';
import { WithSettingsLink } from './WithSettingsLink';

/** Spec 8: a red alert box, bold heading 'Error', the message below; a message naming Settings links there. */
export function ErrorBox({ message, children }: { message: string; children?: React.ReactNode }) {
  return (
    <div className="error-box" role="alert">
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
