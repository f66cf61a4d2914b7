import '@xyflow/react/dist/style.css';
import './editor-canvas.css';
import type { BlockDefinition, Workflow, WorkflowGraph } from '@counterpart/contracts';
import { catalogOf, connectionProblem, type GraphIssue, validateGraph } from '@counterpart/domain';
import {
  applyEdgeChanges,
  applyNodeChanges,
  Background,
  type Connection,
  Controls,
  type Edge,
  type EdgeChange,
  MiniMap,
  type NodeChange,
  ReactFlow,
  ReactFlowProvider,
  useReactFlow,
  useStore,
} from '@xyflow/react';
import {
  Network,
  PanelLeftClose,
  PanelLeftOpen,
  PanelRightClose,
  PanelRightOpen,
  Redo2,
  Save,
  Undo2,
} from 'lucide-react';
import { type DragEvent, type KeyboardEvent, type ReactNode, useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { classNames } from '../../../shared/lib/class-names.ts';
import { useUiStore } from '../../../shared/stores/ui-store.ts';
import { Button } from '../../../shared/ui/button.tsx';
import { TextField } from '../../../shared/ui/text-field.tsx';
import { toast } from '../../../shared/ui/toast.tsx';
import { layoutInEditor, layoutSummary } from './auto-layout.ts';
import { type BlockFlowNode, BlockNode } from './block-node.tsx';
import { BLOCK_DRAG_TYPE, BlockPalette } from './block-palette.tsx';
import { useSaveWorkflow, useWorkflowNames } from './editor-api.ts';
import {
  addEdge,
  addNode,
  isDuplicateName,
  moveNodes,
  type Position,
  removeElements,
  toFlowEdges,
  toFlowNodes,
  updateNode,
} from './editor-graph.ts';
import { checkpoint, commit, historyOf, redo, replace, undo } from './editor-history.ts';
import { EditorRunButton, RunStrip, useRunOverlay } from './editor-run.tsx';
import { GraphIssues } from './graph-issues.tsx';
import { NodePanel } from './node-panel.tsx';
import { useUnsavedChangesGuard } from './unsaved-changes.tsx';

const NODE_TYPES = { block: BlockNode };
/**
 * Above this many blocks, fitting stops at zoom 0.4 (a big graph opens on its middle) and only the
 * blocks in view are rendered (bench/workflow-editor-fps.ts); smaller graphs fit whole, every block tabbable.
 */
const LARGE_GRAPH = 100;
const fitViewOf = (blocks: number) => ({ maxZoom: 1, minZoom: blocks > LARGE_GRAPH ? 0.4 : 0.1 });
type Measured = { width?: number; height?: number };

/**
 * The canvas's dots, left out when zoomed out so far (below 0.4) that they are a grey haze: a
 * pattern of 2 px tiles over the whole canvas is repainted on every frame of a pan.
 */
function CanvasDots() {
  const visible = useStore((state) => state.transform[2] >= 0.4);
  return visible ? <Background /> : null;
}

export interface WorkflowEditorProps {
  blocks: readonly BlockDefinition[];
  graph: WorkflowGraph;
  /** The workflow being edited; none for a new one. */
  workflow?: Workflow;
}

function Editor({ blocks, graph: initial, workflow }: WorkflowEditorProps) {
  const navigate = useNavigate();
  const dark = useUiStore((state) => state.theme);
  const flow = useReactFlow();
  const catalog = useMemo(() => catalogOf(blocks), [blocks]);
  const [history, setHistory] = useState(() => historyOf(initial));
  const graph = history.present;
  const [selectedNodes, setSelectedNodes] = useState<ReadonlySet<string>>(new Set());
  const [selectedEdges, setSelectedEdges] = useState<ReadonlySet<string>>(new Set());
  const [measured, setMeasured] = useState<ReadonlyMap<string, Measured>>(new Map());
  const [status, setStatus] = useState('');
  const [showIssues, setShowIssues] = useState(false);
  const [name, setName] = useState(workflow?.workflow_name ?? '');
  const [description, setDescription] = useState(workflow?.workflow_description ?? '');
  const save = useSaveWorkflow(workflow);
  const namesLike = useWorkflowNames();

  const change = (next: WorkflowGraph) => setHistory((h) => commit(h, next));
  // Unsaved: the graph, name or description differ from what was loaded or last saved.
  const [lastSaved, setLastSaved] = useState(() => ({ graph: initial, name, description }));
  const guard = useUnsavedChangesGuard(
    graph !== lastSaved.graph || name !== lastSaved.name || description !== lastSaved.description,
  );
  const [paletteOpen, setPaletteOpen] = useRememberedOpen('counterpart-editor-palette');
  const [panelOpen, setPanelOpen] = useRememberedOpen('counterpart-editor-settings');

  const layout = () => {
    change(layoutInEditor(graph, catalog, measured));
    setStatus(layoutSummary(graph));
    requestAnimationFrame(() => void flow.fitView({ ...fitViewOf(graph.nodes.length), duration: 200 }));
  };

  // The latest run of the saved workflow, live on the nodes (kept across reloads: it is read from the server).
  const overlay = useRunOverlay(workflow?.workflow_id, graph);
  const runViews = overlay.views;
  const nodes: BlockFlowNode[] = useMemo(
    () =>
      toFlowNodes(graph, catalog).map((node) => ({
        ...node,
        data: runViews ? { ...node.data, run: runViews.get(node.id) } : node.data,
        selected: selectedNodes.has(node.id),
        measured: measured.get(node.id),
      })),
    [graph, catalog, selectedNodes, measured, runViews],
  );
  const edges: Edge[] = useMemo(
    () => toFlowEdges(graph).map((edge) => ({ ...edge, selected: selectedEdges.has(edge.id) })),
    [graph, selectedEdges],
  );

  const onNodesChange = (changes: NodeChange<BlockFlowNode>[]) => {
    const next = applyNodeChanges(
      changes.filter((c) => c.type !== 'remove'),
      nodes,
    );
    setSelectedNodes(new Set(next.filter((n) => n.selected).map((n) => n.id)));
    if (changes.some((c) => c.type === 'dimensions')) {
      setMeasured(new Map(next.map((n) => [n.id, n.measured ?? {}])));
    }
    const moves = new Map<string, Position>();
    for (const c of changes) if (c.type === 'position' && c.position) moves.set(c.id, c.position);
    if (moves.size > 0) setHistory((h) => replace(h, moveNodes(h.present, moves)));
  };
  const onEdgesChange = (changes: EdgeChange[]) => {
    const next = applyEdgeChanges(
      changes.filter((c) => c.type !== 'remove'),
      edges,
    );
    setSelectedEdges(new Set(next.filter((e) => e.selected).map((e) => e.id)));
  };

  const onConnect = (connection: Connection) => {
    const edge = {
      source: connection.source,
      source_handle: connection.sourceHandle ?? '',
      target: connection.target,
      target_handle: connection.targetHandle ?? '',
    };
    const problem = connectionProblem(graph, catalog, edge);
    if (problem) {
      setStatus(`Connection refused: ${problem}`);
      toast.error('Connection refused', problem);
      return;
    }
    setStatus('Connected');
    change(addEdge(graph, edge));
  };

  const add = (block: BlockDefinition, position?: Position) => {
    if (!block.available) return;
    const next = addNode(graph, block, position);
    const added = next.nodes.at(-1);
    change(next);
    if (added) setSelectedNodes(new Set([added.id]));
    setStatus(`${block.name} added`);
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    const block = catalog.get(event.dataTransfer.getData(BLOCK_DRAG_TYPE));
    if (block) add(block, flow.screenToFlowPosition({ x: event.clientX, y: event.clientY }));
  };

  const onKeyDown = (event: KeyboardEvent) => {
    const target = event.target as HTMLElement;
    if (target.closest('input, textarea, select')) return;
    if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'z') {
      event.preventDefault();
      setHistory((h) => (event.shiftKey ? redo(h) : undo(h)));
    } else if (event.shiftKey && !event.ctrlKey && !event.metaKey && event.key.toLowerCase() === 'l') {
      event.preventDefault();
      layout();
    } else if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'y') {
      event.preventDefault();
      setHistory(redo);
    }
  };

  const saveWorkflow = async () => {
    setShowIssues(true);
    if (issuesOf(graph, name).length > 0) return;
    try {
      if (!workflow && isDuplicateName(name, await namesLike(name))) {
        toast.error('You cannot add a new rule with duplicate name');
        return;
      }
      const saved = await save.mutateAsync({
        workflow_name: name.trim(),
        workflow_description: description,
        graph,
      });
      setLastSaved({ graph, name, description });
      guard.markSaved();
      toast.success('Workflow saved');
      if (!workflow) navigate(`/workflows/manage-workflow/${saved.data.workflow_id}`);
    } catch (error) {
      toast.error('Request Failed', error instanceof Error ? error.message : undefined);
    }
  };

  // Once a save was tried, the list follows every edit (fixed issues leave it).
  const issuesOf = (g: WorkflowGraph, n: string): GraphIssue[] => [
    ...(n.trim() ? [] : [{ message: 'Name the workflow' }]),
    ...validateGraph(g, catalog),
  ];
  const issues = showIssues ? issuesOf(graph, name) : [];
  const selectedId = selectedNodes.size === 1 ? [...selectedNodes][0] : undefined;
  const selected = graph.nodes.find((n) => n.id === selectedId);

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: undo/redo shortcuts for the whole editor
    <div onKeyDown={onKeyDown} className="space-y-4">
      <div className="grid gap-3 rounded-xl border border-zinc-200 bg-white p-4 shadow-sm md:grid-cols-[1fr_2fr_auto] md:items-end dark:border-zinc-800 dark:bg-zinc-900">
        <TextField label="Name" value={name} maxLength={120} onChange={(e) => setName(e.target.value)} />
        <TextField label="Description" value={description} onChange={(e) => setDescription(e.target.value)} />
        <div className="flex flex-wrap gap-2">
          <Button
            variant="secondary"
            aria-label="Undo"
            disabled={history.past.length === 0}
            onClick={() => setHistory(undo)}
          >
            <Undo2 aria-hidden="true" />
          </Button>
          <Button
            variant="secondary"
            aria-label="Redo"
            disabled={history.future.length === 0}
            onClick={() => setHistory(redo)}
          >
            <Redo2 aria-hidden="true" />
          </Button>
          <Button
            variant="secondary"
            title="Auto-layout (Shift+L)"
            aria-keyshortcuts="Shift+L"
            onClick={layout}
          >
            <Network aria-hidden="true" />
            <span className="max-md:sr-only">Auto-layout</span>
          </Button>
          <Button onClick={() => void saveWorkflow()} loading={save.isPending}>
            <Save aria-hidden="true" />
            Save
          </Button>
          {workflow && workflow.state !== 'archived' && <EditorRunButton workflow={workflow} graph={graph} />}
        </div>
      </div>
      {overlay.run && <RunStrip run={overlay.run} onHide={overlay.hide} />}
      {guard.dialog}
      <GraphIssues issues={issues} />
      <p
        role="status"
        aria-label="Editor status"
        className="min-h-5 text-sm text-zinc-600 dark:text-zinc-400"
      >
        {status}
      </p>
      <div className="grid gap-3 lg:grid-cols-[auto_minmax(0,1fr)_auto]">
        <div
          className={classNames(
            'rounded-xl border border-zinc-200 bg-white p-2 dark:border-zinc-800 dark:bg-zinc-900',
            paletteOpen ? 'lg:w-60' : 'lg:w-11',
          )}
        >
          <SideToggle
            label="Blocks"
            open={paletteOpen}
            controls="editor-palette"
            onToggle={() => setPaletteOpen(!paletteOpen)}
            icon={paletteOpen ? <PanelLeftClose aria-hidden="true" /> : <PanelLeftOpen aria-hidden="true" />}
          />
          <div id="editor-palette" hidden={!paletteOpen} className="mt-2">
            <BlockPalette blocks={blocks} onAdd={(block) => add(block)} />
          </div>
        </div>
        <div className="h-[420px] overflow-hidden rounded-xl border border-zinc-200 lg:h-[600px] dark:border-zinc-800">
          <ReactFlow<BlockFlowNode>
            aria-label="Workflow canvas"
            nodes={nodes}
            edges={edges}
            nodeTypes={NODE_TYPES}
            onNodesChange={onNodesChange}
            onEdgesChange={onEdgesChange}
            onConnect={onConnect}
            onDragOver={(event) => {
              event.preventDefault();
              event.dataTransfer.dropEffect = 'move';
            }}
            onDrop={onDrop}
            onNodeDragStart={() => setHistory(checkpoint)}
            onDelete={({ nodes: gone, edges: cut }) =>
              change(
                removeElements(
                  graph,
                  gone.map((n) => n.id),
                  cut.map((e) => e.id),
                ),
              )
            }
            deleteKeyCode={['Delete', 'Backspace']}
            colorMode={dark ? 'dark' : 'light'}
            fitView
            fitViewOptions={fitViewOf(graph.nodes.length)}
            minZoom={0.1}
            onlyRenderVisibleElements={graph.nodes.length > LARGE_GRAPH}
            proOptions={{ hideAttribution: true }}
          >
            <CanvasDots />
            <Controls />
            <MiniMap
              pannable
              zoomable
              ariaLabel="Workflow overview"
              className="max-sm:!hidden"
              style={{ width: 120, height: 80 }}
            />
          </ReactFlow>
        </div>
        <aside
          aria-label="Block settings"
          className={classNames(
            'rounded-xl border border-zinc-200 bg-white p-2 dark:border-zinc-800 dark:bg-zinc-900',
            panelOpen ? 'lg:w-64' : 'lg:w-11',
          )}
        >
          <SideToggle
            label="Block settings"
            open={panelOpen}
            controls="editor-settings"
            onToggle={() => setPanelOpen(!panelOpen)}
            icon={panelOpen ? <PanelRightClose aria-hidden="true" /> : <PanelRightOpen aria-hidden="true" />}
            end
          />
          <div id="editor-settings" hidden={!panelOpen} className="mt-2 px-1">
            {selected ? (
              <NodePanel
                key={selected.id}
                node={selected}
                graph={graph}
                block={catalog.get(selected.type)}
                onChange={(c) => change(updateNode(graph, selected.id, c))}
              />
            ) : (
              <p className="text-sm text-zinc-500 dark:text-zinc-400">
                Select a block to set it up. Tab to a block and press Enter to select it; Delete removes it.
              </p>
            )}
          </div>
        </aside>
      </div>
    </div>
  );
}

/** Whether a side column of the editor is open, remembered in this browser (open at first). */
function useRememberedOpen(key: string): [boolean, (open: boolean) => void] {
  const [open, setOpen] = useState(() => {
    try {
      return localStorage.getItem(key) !== 'closed';
    } catch {
      return true;
    }
  });
  useEffect(() => {
    try {
      localStorage.setItem(key, open ? 'open' : 'closed');
    } catch {
      // Private mode: the choice lasts for the page only.
    }
  }, [key, open]);
  return [open, setOpen];
}

/**
 * The button that folds a side column of the editor (the blocks, the block settings) to a narrow rail
 * and opens it again, so the canvas gets the width: a disclosure (aria-expanded), Enter and Space.
 */
function SideToggle(props: {
  label: string;
  open: boolean;
  controls: string;
  onToggle: () => void;
  icon: ReactNode;
  end?: boolean;
}) {
  return (
    <div className={classNames('flex items-center gap-2', props.end && 'flex-row-reverse')}>
      <button
        type="button"
        aria-expanded={props.open}
        aria-controls={props.controls}
        title={props.open ? `Hide ${props.label.toLowerCase()}` : `Show ${props.label.toLowerCase()}`}
        onClick={props.onToggle}
        className="inline-flex size-7 shrink-0 items-center justify-center rounded-md text-zinc-500 hover:bg-zinc-100 hover:text-zinc-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-[var(--color-primary)] dark:text-zinc-400 dark:hover:bg-zinc-800 dark:hover:text-zinc-100 [&_svg]:size-4"
      >
        {props.icon}
        <span className="sr-only">{props.label}</span>
      </button>
      {props.open && (
        <span
          aria-hidden="true"
          className="truncate text-xs font-semibold text-zinc-500 uppercase dark:text-zinc-400"
        >
          {props.label}
        </span>
      )}
    </div>
  );
}

/** The graph editor of `/workflows/manage-workflow` (new) and `/workflows/manage-workflow/:id`. */
export function WorkflowEditor(props: WorkflowEditorProps) {
  return (
    <ReactFlowProvider>
      <Editor {...props} />
    </ReactFlowProvider>
  );
}
