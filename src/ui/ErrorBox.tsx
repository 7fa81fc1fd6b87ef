import { Icon } from './Icon';

/** Spec 8: a red alert box, bold heading 'Error', the message below. */
export function ErrorBox({ message, children }: { message: string; children?: React.ReactNode }) {
  return (
    <div className="error-box" role="alert">
      <Icon name="error" className="error-box-icon" />
      <div>
        <p className="error-box-heading">Error</p>
        <p className="error-box-message">{message}</p>
        {children}
      </div>
    </div>
  );
}
