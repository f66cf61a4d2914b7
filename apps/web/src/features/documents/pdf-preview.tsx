import { GlobalWorkerOptions, getDocument, type PDFDocumentProxy } from 'pdfjs-dist';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';
import { useEffect, useRef, useState } from 'react';
import { Button } from '../../shared/ui/button.tsx';
import { ErrorAlert } from '../../shared/ui/error-alert.tsx';
import { Spinner } from '../../shared/ui/spinner.tsx';

GlobalWorkerOptions.workerSrc = workerUrl;

/** Pages rendered at first; "Show more pages" adds this many again. */
const PAGES_AT_ONCE = 3;

/**
 * The PDF's pages drawn in the browser by pdfjs (its own chunk, loaded only on a document page).
 * The default export lets the page load it with React.lazy.
 */
export default function PdfPreview({ data, fileName }: { data: Blob; fileName: string }) {
  const [pdf, setPdf] = useState<PDFDocumentProxy | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [shown, setShown] = useState(PAGES_AT_ONCE);

  useEffect(() => {
    let cancelled = false;
    let loaded: PDFDocumentProxy | null = null;
    const task = (async () => getDocument({ data: new Uint8Array(await data.arrayBuffer()) }))();
    task
      .then((loading) => loading.promise)
      .then((document) => {
        loaded = document;
        if (!cancelled) setPdf(document);
      })
      .catch((reason: unknown) => {
        if (!cancelled) setError(reason instanceof Error ? reason.message : String(reason));
      });
    return () => {
      cancelled = true;
      void loaded?.destroy();
    };
  }, [data]);

  if (error) {
    return <ErrorAlert className="p-4">The preview could not be drawn: {error}</ErrorAlert>;
  }
  if (!pdf) return <Spinner label="Loading the PDF" className="m-6" />;
  const count = Math.min(shown, pdf.numPages);
  return (
    <div className="space-y-4 rounded-b-xl bg-zinc-100 p-3 sm:p-4 dark:bg-zinc-950">
      {Array.from({ length: count }, (_, i) => i + 1).map((pageNumber) => (
        <PdfPage
          key={pageNumber}
          pdf={pdf}
          pageNumber={pageNumber}
          label={`${fileName}, page ${pageNumber} of ${pdf.numPages}`}
        />
      ))}
      {count < pdf.numPages && (
        <div className="text-center">
          <Button variant="secondary" size="sm" onClick={() => setShown((n) => n + PAGES_AT_ONCE)}>
            Show more pages ({pdf.numPages - count} left)
          </Button>
        </div>
      )}
    </div>
  );
}

function PdfPage({ pdf, pageNumber, label }: { pdf: PDFDocumentProxy; pageNumber: number; label: string }) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    let cancelled = false;
    let render: { cancel(): void } | null = null;
    void pdf.getPage(pageNumber).then((page) => {
      const canvas = canvasRef.current;
      if (cancelled || !canvas) return;
      const width = canvas.parentElement?.clientWidth ?? 800;
      const base = page.getViewport({ scale: 1 });
      const ratio = window.devicePixelRatio || 1;
      const viewport = page.getViewport({ scale: (Math.min(width, 900) / base.width) * ratio });
      canvas.width = Math.floor(viewport.width);
      canvas.height = Math.floor(viewport.height);
      canvas.style.width = `${Math.floor(viewport.width / ratio)}px`;
      const task = page.render({ canvas, viewport });
      render = task;
      task.promise.catch(() => {});
    });
    return () => {
      cancelled = true;
      render?.cancel();
    };
  }, [pdf, pageNumber]);
  return (
    <div className="flex justify-center">
      <canvas ref={canvasRef} role="img" aria-label={label} className="h-auto max-w-full bg-white shadow" />
    </div>
  );
}
