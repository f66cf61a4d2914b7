import type { Box, DocumentView, Token } from '@counterpart/contracts';
import { GlobalWorkerOptions, getDocument, type PDFDocumentProxy } from 'pdfjs-dist';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';
import { type PointerEvent, useEffect, useRef, useState } from 'react';
import { classNames } from '../../shared/lib/class-names.ts';

GlobalWorkerOptions.workerSrc = workerUrl;

/** A box drawn over the page: a field found, a value marked, a selection. */
export interface PageOverlay {
  id: string;
  box: Box;
  /** Shown on the box and read by screen readers. */
  label: string;
  tone: 'field' | 'review' | 'marked' | 'selected';
}

const TONES: Record<PageOverlay['tone'], string> = {
  field: 'border-emerald-600 bg-emerald-500/15 dark:border-emerald-400',
  review: 'border-amber-600 bg-amber-400/20 dark:border-amber-400',
  marked: 'border-sky-600 bg-sky-500/15 dark:border-sky-400',
  selected: 'border-fuchsia-600 bg-fuchsia-500/20 dark:border-fuchsia-400',
};

export interface PageViewProps {
  document: DocumentView;
  /** The original file (PDF or image), when the browser can draw it. */
  original: Blob | undefined;
  pageNumber: number;
  /** The page's size as the engine read it (points or pixels): gives the page's shape. */
  pageSize: { width: number; height: number };
  /** The words of this page, drawn as text when the original cannot be shown (TIFF). */
  tokens: Token[];
  overlays: PageOverlay[];
  /** Clicking a word (with its index in `tokens`); words are not tab stops (the word finder is the keyboard way). */
  onWordClick?: (index: number, extend: boolean) => void;
  selectedWords?: ReadonlySet<number>;
  /** When set, dragging on the page draws a box. */
  onDrawBox?: (box: Box) => void;
}

const pct = (n: number) => `${(n * 100).toFixed(3)}%`;
const clamp = (n: number) => Math.min(1, Math.max(0, n));

/**
 * One page of a document with what the engine read and found drawn over it, in page units (0..1), so the
 * boxes sit on the words whatever the page's rendered size.
 */
export function PageView(props: PageViewProps) {
  const {
    document,
    original,
    pageNumber,
    pageSize,
    tokens,
    overlays,
    onWordClick,
    selectedWords,
    onDrawBox,
  } = props;
  const surface = useRef<HTMLDivElement>(null);
  const [drag, setDrag] = useState<{ x0: number; y0: number; x1: number; y1: number } | null>(null);

  const at = (event: PointerEvent) => {
    const rect = surface.current?.getBoundingClientRect();
    if (!rect) return { x: 0, y: 0 };
    return {
      x: clamp((event.clientX - rect.left) / rect.width),
      y: clamp((event.clientY - rect.top) / rect.height),
    };
  };
  const drawing = onDrawBox !== undefined;
  const finish = () => {
    if (drag && onDrawBox) {
      const box = {
        x0: Math.min(drag.x0, drag.x1),
        y0: Math.min(drag.y0, drag.y1),
        x1: Math.max(drag.x0, drag.x1),
        y1: Math.max(drag.y0, drag.y1),
      };
      if (box.x1 - box.x0 > 0.005 && box.y1 - box.y0 > 0.003) onDrawBox(box);
    }
    setDrag(null);
  };

  const showText = !original || document.media_type === 'image/tiff';
  return (
    <div
      ref={surface}
      className={classNames(
        'relative w-full overflow-hidden bg-white shadow ring-1 ring-zinc-200 select-none dark:ring-zinc-700',
        drawing && 'cursor-crosshair touch-none',
      )}
      style={{ aspectRatio: `${pageSize.width} / ${pageSize.height}` }}
      onPointerDown={
        drawing
          ? (event) => {
              if ((event.target as HTMLElement).dataset.word !== undefined && onWordClick) return;
              const { x, y } = at(event);
              event.currentTarget.setPointerCapture(event.pointerId);
              setDrag({ x0: x, y0: y, x1: x, y1: y });
            }
          : undefined
      }
      onPointerMove={drawing && drag ? (event) => setDrag({ ...drag, ...toEnd(at(event)) }) : undefined}
      onPointerUp={drawing ? finish : undefined}
      onPointerCancel={() => setDrag(null)}
    >
      {showText ? (
        <TextPage tokens={tokens} />
      ) : document.kind === 'pdf' ? (
        <PdfCanvas
          data={original}
          pageNumber={pageNumber}
          label={`${document.file_name}, page ${pageNumber}`}
        />
      ) : (
        <ImageBackground blob={original} label={document.file_name} />
      )}
      {onWordClick &&
        tokens.map((token, index) => (
          <span
            // biome-ignore lint/suspicious/noArrayIndexKey: a page's words keep their order
            key={index}
            data-word=""
            aria-hidden="true"
            onClick={(event) => onWordClick(index, event.shiftKey || event.metaKey || event.ctrlKey)}
            className={classNames(
              'absolute cursor-pointer rounded-[2px] hover:bg-sky-400/25',
              selectedWords?.has(index) && 'bg-fuchsia-500/30 ring-1 ring-fuchsia-600',
            )}
            style={boxStyle(token.box)}
          />
        ))}
      {overlays.map((overlay) => (
        <div
          key={overlay.id}
          role="img"
          aria-label={overlay.label}
          title={overlay.label}
          className={classNames('pointer-events-none absolute rounded-sm border-2', TONES[overlay.tone])}
          style={boxStyle(overlay.box)}
        >
          <span className="absolute -top-5 left-0 max-w-[16rem] truncate rounded bg-zinc-900/85 px-1 text-[11px] leading-4 whitespace-nowrap text-white">
            {overlay.label}
          </span>
        </div>
      ))}
      {drag && (
        <div
          className="pointer-events-none absolute border-2 border-dashed border-fuchsia-600 bg-fuchsia-500/10"
          style={boxStyle({
            x0: Math.min(drag.x0, drag.x1),
            y0: Math.min(drag.y0, drag.y1),
            x1: Math.max(drag.x0, drag.x1),
            y1: Math.max(drag.y0, drag.y1),
          })}
        />
      )}
    </div>
  );
}

const toEnd = ({ x, y }: { x: number; y: number }) => ({ x1: x, y1: y });

function boxStyle(box: Box) {
  return { left: pct(box.x0), top: pct(box.y0), width: pct(box.x1 - box.x0), height: pct(box.y1 - box.y0) };
}

/** The words where the engine read them, for files the browser cannot draw (TIFF) or before the file loads. */
function TextPage({ tokens }: { tokens: Token[] }) {
  return (
    <div aria-hidden="true" className="absolute inset-0 font-sans text-zinc-800 [container-type:inline-size]">
      {tokens.map((token, index) => (
        <span
          // biome-ignore lint/suspicious/noArrayIndexKey: a page's words keep their order
          key={index}
          className="absolute leading-none whitespace-nowrap"
          style={{
            ...boxStyle(token.box),
            fontSize: `${Math.max(0.6, (token.box.y1 - token.box.y0) * 110)}cqw`,
          }}
        >
          {token.text}
        </span>
      ))}
    </div>
  );
}

function ImageBackground({ blob, label }: { blob: Blob; label: string }) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    const objectUrl = URL.createObjectURL(blob);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [blob]);
  return url ? (
    <img src={url} alt={label} className="absolute inset-0 h-full w-full" draggable={false} />
  ) : null;
}

/** A PDF page drawn by pdfjs to fill the page's box. */
function PdfCanvas({ data, pageNumber, label }: { data: Blob; pageNumber: number; label: string }) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const [pdf, setPdf] = useState<PDFDocumentProxy | null>(null);
  useEffect(() => {
    let cancelled = false;
    let loaded: PDFDocumentProxy | null = null;
    void data
      .arrayBuffer()
      .then((bytes) => getDocument({ data: new Uint8Array(bytes) }).promise)
      .then((document) => {
        loaded = document;
        if (!cancelled) setPdf(document);
      })
      .catch(() => {});
    return () => {
      cancelled = true;
      void loaded?.destroy();
    };
  }, [data]);
  useEffect(() => {
    if (!pdf) return;
    let cancelled = false;
    let render: { cancel(): void } | null = null;
    void pdf.getPage(pageNumber).then((page) => {
      const canvas = canvasRef.current;
      if (cancelled || !canvas) return;
      const width = canvas.parentElement?.clientWidth ?? 800;
      const base = page.getViewport({ scale: 1 });
      const ratio = window.devicePixelRatio || 1;
      const viewport = page.getViewport({ scale: (width / base.width) * ratio });
      canvas.width = Math.floor(viewport.width);
      canvas.height = Math.floor(viewport.height);
      const task = page.render({ canvas, viewport });
      render = task;
      task.promise.catch(() => {});
    });
    return () => {
      cancelled = true;
      render?.cancel();
    };
  }, [pdf, pageNumber]);
  return <canvas ref={canvasRef} role="img" aria-label={label} className="absolute inset-0 h-full w-full" />;
}
