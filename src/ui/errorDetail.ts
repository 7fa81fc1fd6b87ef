/** What a failure says about itself, for an error box's details line. */
export function errorDetail(error: Error): string {
  return error.message || error.name;
}
