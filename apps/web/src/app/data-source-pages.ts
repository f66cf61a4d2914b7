import type { Crumb, PageRoute } from './route-handle.ts';

const MODELS: Crumb = { text: 'Document Data Extraction', to: '/models/models', route: 'models' };
const TABLES: Crumb = { text: 'Tables', to: '/tables', route: 'tables' };

/** App-layout pages of spec §2 for data extraction, tables, documents and integrations. */
export const DATA_SOURCE_PAGES: PageRoute[] = [
  {
    name: 'models',
    path: '/models/models',
    title: 'Document Data Extraction',
    crumbs: () => [{ text: 'Document Data Extraction' }],
    page: () => import('../features/models/models-page.tsx').then((m) => ({ Component: m.ModelsPage })),
  },
  {
    name: 'models-executions',
    path: '/models/executions/:model_id',
    title: 'Model Executions',
    crumbs: () => [MODELS, { text: 'Model Executions' }],
    page: () =>
      import('../features/models/model-executions-page.tsx').then((m) => ({
        Component: m.ModelExecutionsPage,
      })),
  },
  {
    name: 'models-create',
    path: '/models/create',
    title: 'Create New Model',
    crumbs: () => [MODELS, { text: 'Create New Model' }],
    page: () =>
      import('../features/models/create-model-page.tsx').then((m) => ({ Component: m.CreateModelPage })),
  },
  {
    name: 'models-view',
    path: '/models/file-models/view/:id',
    title: 'View Model',
    crumbs: () => [MODELS, { text: 'View Model' }],
    page: () =>
      import('../features/models/view-model-page.tsx').then((m) => ({ Component: m.ViewModelPage })),
  },
  {
    name: 'models-test',
    path: '/models/file-models/test/:id',
    title: 'Test Model',
    crumbs: (params) => [
      MODELS,
      { text: 'View Model', to: `/models/file-models/view/${params.id ?? ''}` },
      { text: 'Test Model' },
    ],
    page: () =>
      import('../features/models/test-model-page.tsx').then((m) => ({ Component: m.TestModelPage })),
  },
  {
    name: 'models-executions-view',
    path: '/models/file-models/execution/:execution_id/:model_id',
    title: 'View Execution',
    crumbs: (params) => [
      MODELS,
      { text: 'Model Executions', to: `/models/executions/${params.model_id ?? ''}` },
      { text: 'View Execution' },
    ],
    page: () =>
      import('../features/models/view-model-execution-page.tsx').then((m) => ({
        Component: m.ViewModelExecutionPage,
      })),
  },
  {
    name: 'models-ai-view',
    path: '/models/file-models/ai-view/:id',
    title: 'AI Model Details',
    crumbs: () => [MODELS, { text: 'AI Model Details' }],
    page: () =>
      import('../features/models/view-ai-model-page.tsx').then((m) => ({ Component: m.ViewAiModelPage })),
  },
  {
    name: 'tables',
    path: '/tables',
    title: 'Tables',
    crumbs: () => [{ text: 'Tables' }],
    page: () => import('../features/tables/tables-page.tsx').then((m) => ({ Component: m.TablesPage })),
  },
  {
    name: 'tables-create',
    path: '/tables/create',
    title: 'Create Table',
    crumbs: () => [TABLES, { text: 'Create Table' }],
    page: () =>
      import('../features/tables/create-table-page.tsx').then((m) => ({ Component: m.CreateTablePage })),
  },
  {
    name: 'tables-view',
    path: '/tables/:id',
    title: 'View Table',
    crumbs: () => [TABLES, { text: 'View Table' }],
    page: () =>
      import('../features/tables/view-table-page.tsx').then((m) => ({ Component: m.ViewTablePage })),
  },
  {
    name: 'documents',
    path: '/documents',
    title: 'Documents',
    crumbs: () => [{ text: 'Documents' }],
    page: () =>
      import('../features/documents/documents-page.tsx').then((m) => ({ Component: m.DocumentsPage })),
  },
  {
    name: 'documents-view',
    path: '/documents/:documentId',
    title: 'View Document',
    crumbs: () => [{ text: 'Documents', to: '/documents' }, { text: 'View Document' }],
    page: () =>
      import('../features/documents/document-view-page.tsx').then((m) => ({ Component: m.DocumentViewPage })),
  },
  {
    name: 'integrations',
    path: '/integrations',
    title: 'Integrations',
    crumbs: () => [{ text: 'Integrations' }],
    page: () =>
      import('../features/integrations/integrations-page.tsx').then((m) => ({
        Component: m.IntegrationsPage,
      })),
  },
];
