import { Spinner } from './Spinner';

export function ToolLoading() {
  return (
    <div className="card loading-card" role="status">
      <Spinner />
      <span>Loading the tool...</span>
    </div>
  );
}
