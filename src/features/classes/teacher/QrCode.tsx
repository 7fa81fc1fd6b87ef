import { useEffect, useState } from 'react';

/** The dark squares of a QR code as one SVG path: drawn by the app (no inline image data, which the page's policy refuses). */
function pathOf(modules: { size: number; get(row: number, column: number): number | boolean }): string {
  let path = '';
  for (let row = 0; row < modules.size; row++) {
    for (let column = 0; column < modules.size; column++) {
      if (modules.get(row, column)) path += `M${column} ${row}h1v1h-1z`;
    }
  }
  return path;
}

type Drawn = { kind: 'drawing' } | { kind: 'drawn'; size: number; path: string } | { kind: 'failed' };

/**
 * A QR code of `text`, its code (the qrcode package) loaded only when a code
 * is first shown. Dark on white in both themes: phones' cameras read that.
 */
export function QrCode({ text, title }: { text: string; title: string }) {
  const [drawn, setDrawn] = useState<Drawn>({ kind: 'drawing' });
  useEffect(() => {
    let live = true;
    import('qrcode').then(
      (qrcode) => {
        const { modules } = qrcode.create(text, { errorCorrectionLevel: 'M' });
        if (live) setDrawn({ kind: 'drawn', size: modules.size, path: pathOf(modules) });
      },
      () => live && setDrawn({ kind: 'failed' }),
    );
    return () => {
      live = false;
    };
  }, [text]);

  if (drawn.kind === 'failed') return <p className="hint">The QR code could not be drawn. Share the code or the link instead.</p>;
  if (drawn.kind === 'drawing') return <div className="class-qr class-qr-waiting" aria-hidden="true" />;
  // A quiet zone of 2 modules round the code, as readers expect.
  const box = drawn.size + 4;
  return (
    <svg className="class-qr" role="img" viewBox={`-2 -2 ${box} ${box}`} shapeRendering="crispEdges">
      <title>{title}</title>
      <rect x={-2} y={-2} width={box} height={box} fill="#ffffff" />
      <path d={drawn.path} fill="#000000" />
    </svg>
  );
}
