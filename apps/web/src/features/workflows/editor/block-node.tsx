import type { BlockPort } from '@counterpart/contracts';
import { kindLabel } from '@counterpart/domain';
import { Handle, type Node, type NodeProps, Position } from '@xyflow/react';
import { classNames } from '../../../shared/lib/class-names.ts';
import type { NodeRunView } from '../execution-display.ts';
import type { BlockNodeData } from './editor-graph.ts';

export type BlockFlowNode = Node<BlockNodeData, 'block'>;

const KIND_COLOURS: Record<string, string> = {
  table: '!bg-sky-500',
  documents: '!bg-amber-500',
  file: '!bg-violet-500',
  recon: '!bg-emerald-500',
  dashboard: '!bg-pink-500',
  any: '!bg-zinc-400',
};

function PortRow({ port, side }: { port: BlockPort; side: 'in' | 'out' }) {
  const name = `${port.label} (${side === 'in' ? 'input' : 'output'}, ${kindLabel(port.kind)})`;
  return (
    <div
      className={classNames(
        'relative flex items-center py-0.5 text-xs text-zinc-600 dark:text-zinc-300',
        side === 'out' && 'justify-end',
      )}
    >
      <Handle
        type={side === 'in' ? 'target' : 'source'}
        position={side === 'in' ? Position.Left : Position.Right}
        id={port.name}
        title={name}
        aria-label={name}
        className={classNames(
          '!size-3 !border-2 !border-white dark:!border-zinc-900',
          side === 'in' ? '!-left-3' : '!-right-3',
          KIND_COLOURS[port.kind],
        )}
      />
      <span>
        {port.label}
        <span className="ml-1 text-[10px] text-zinc-400 dark:text-zinc-500">{kindLabel(port.kind)}</span>
      </span>
    </div>
  );
}

/** A run's tone on the node: its border, and the dot and text of its status line. */
const RUN_TONES: Record<NodeRunView['status'], { border: string; dot: string; text: string }> = {
  running: {
    border: 'border-amber-500 ring-2 ring-amber-400/40',
    dot: 'bg-amber-500 motion-safe:animate-pulse',
    text: 'text-amber-800 dark:text-amber-300',
  },
  succeeded: {
    border: 'border-emerald-500',
    dot: 'bg-emerald-500',
    text: 'text-emerald-800 dark:text-emerald-300',
  },
  failed: {
    border: 'border-red-500 ring-2 ring-red-400/30',
    dot: 'bg-red-500',
    text: 'text-red-700 dark:text-red-300',
  },
  skipped: {
    border: 'border-dashed border-zinc-400',
    dot: 'bg-zinc-400',
    text: 'text-zinc-500 dark:text-zinc-400',
  },
  cancelled: {
    border: 'border-dashed border-zinc-400',
    dot: 'bg-zinc-400',
    text: 'text-zinc-500 dark:text-zinc-400',
  },
  'not-run': {
    border: 'border-zinc-300 dark:border-zinc-700',
    dot: 'bg-zinc-300 dark:bg-zinc-600',
    text: 'text-zinc-500 dark:text-zinc-400',
  },
};

/** The block's run, under its title: a dot of its tone and what it did (rows) or why it failed. */
function RunLine({ run }: { run: NodeRunView }) {
  const tone = RUN_TONES[run.status];
  return (
    <p
      data-run-status={run.status}
      title={run.text}
      className={classNames(
        'flex max-w-64 items-center gap-1.5 border-b border-zinc-200 px-3 py-1 text-xs dark:border-zinc-800',
        tone.text,
      )}
    >
      <span aria-hidden="true" className={classNames('size-2 shrink-0 rounded-full', tone.dot)} />
      <span className="truncate">{run.text}</span>
    </p>
  );
}

/** A block on the canvas: its title, its inputs on the left and its outputs on the right, each labelled with its kind. */
export function BlockNode({ data, selected }: NodeProps<BlockFlowNode>) {
  const block = data.block;
  const run = data.run;
  return (
    <div
      className={classNames(
        'min-w-48 rounded-lg border bg-white shadow-sm dark:bg-zinc-900',
        selected
          ? 'border-[var(--color-primary)] ring-2 ring-[var(--color-primary)]/40'
          : run
            ? RUN_TONES[run.status].border
            : 'border-zinc-300 dark:border-zinc-700',
      )}
    >
      <div className="border-b border-zinc-200 px-3 py-1.5 dark:border-zinc-800">
        <p className="text-sm font-semibold text-zinc-900 dark:text-zinc-50">{data.title}</p>
        {block && data.title !== block.name && (
          <p className="text-[11px] text-zinc-500 dark:text-zinc-400">{block.name}</p>
        )}
        {!block && <p className="text-[11px] text-red-600">Unknown block "{data.type}"</p>}
      </div>
      {run && <RunLine run={run} />}
      <div className="grid grid-cols-2 gap-3 px-3 py-1.5">
        <div>
          {block?.inputs.map((port) => (
            <PortRow key={port.name} port={port} side="in" />
          ))}
        </div>
        <div>
          {block?.outputs.map((port) => (
            <PortRow key={port.name} port={port} side="out" />
          ))}
        </div>
      </div>
    </div>
  );
}
