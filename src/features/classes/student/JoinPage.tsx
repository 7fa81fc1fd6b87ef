/** Built by the student-UI engineer: joining a class by its link or QR code. */
export function JoinPage({ code }: { code: string }) {
  return <h1 data-code={code}>Join a class</h1>;
}
