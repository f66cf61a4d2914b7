import { requires } from './route-access.ts';
import type { Crumb, PageRoute } from './route-handle.ts';

const MODELS: Crumb = { text: 'Document Data Extraction', to: '/models/models' };
const TABLES: Crumb = { text: 'Tables', to: '/tables' };

/** App-layout pages of spec §2 for data extraction, tables, documents and integrations. */
export const DATA_SOURCE_PAGES: PageRoute[] = [
  {
    name: 'models',
    path: '/models/models',
    access: requires('models', 'read'),
    title: 'Document Data Extraction',
    crumbs: () => [{ text: 'Document Data Extraction' }],
    page: () => import('../features/models/models-page.tsx').then((m) => ({ Component: m.ModelsPage })),
  },
  {
    name: 'models-executions',
    path: '/models/executions/:model_id',
    access: requires('models', 'read'),
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
    access: requires('models', 'create'),
    title: 'Create New Model',
    crumbs: () => [MODELS, { text: 'Create New Model' }],
    page: () =>
      import('../features/models/create-model-page.tsx').then((m) => ({ Component: m.CreateModelPage })),
  },
  {
    name: 'models-view',
    path: '/models/file-models/view/:id',
    access: requires('models', 'read'),
    title: 'View Model',
    crumbs: () => [MODELS, { text: 'View Model' }],
    page: () =>
      import('../features/models/view-model-page.tsx').then((m) => ({ Component: m.ViewModelPage })),
  },
  {
    name: 'models-test',
    path: '/models/file-models/test/:id',
    access: requires('models', 'read'),
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
    access: requires('models', 'read'),
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
    access: requires('models', 'read'),
    title: 'AI Model Details',
    crumbs: () => [MODELS, { text: 'AI Model Details' }],
    page: () =>
      import('../features/models/view-ai-model-page.tsx').then((m) => ({ Component: m.ViewAiModelPage })),
  },
  {
    name: 'tables',
    path: '/tables',
    access: requires('workflow', 'read'),
    title: 'Tables',
    crumbs: () => [{ text: 'Tables' }],
    page: () => import('../features/tables/tables-page.tsx').then((m) => ({ Component: m.TablesPage })),
  },
  {
    name: 'tables-create',
    path: '/tables/create',
    access: requires('{product}_table', 'create'),
    title: 'Create Table',
    crumbs: () => [TABLES, { text: 'Create Table' }],
    page: () =>
      import('../features/tables/create-table-page.tsx').then((m) => ({ Component: m.CreateTablePage })),
  },
  {
    name: 'tables-view',
    path: '/tables/:id',
    access: requires('{product}_table', 'read'),
    title: 'View Table',
    crumbs: () => [TABLES, { text: 'View Table' }],
    page: () =>
      import('../features/tables/view-table-page.tsx').then((m) => ({ Component: m.ViewTablePage })),
  },
  {
    name: 'documents',
    path: '/documents',
    access: requires('{product}_documents', 'read'),
    title: 'Documents',
    crumbs: () => [{ text: 'Documents' }],
    page: () =>
      import('../features/documents/documents-page.tsx').then((m) => ({ Component: m.DocumentsPage })),
  },
  {
    name: 'documents-view',
    path: '/documents/:documentId',
    access: requires('{product}_documents', 'read'),
    title: 'View Document',
    crumbs: () => [{ text: 'Documents', to: '/documents' }, { text: 'View Document' }],
    page: () =>
      import('../features/documents/document-view-page.tsx').then((m) => ({ Component: m.DocumentViewPage })),
  },
  {
    name: 'integrations',
    path: '/integrations',
    access: requires('integrations', 'read'),
    title: 'Integrations',
    crumbs: () => [{ text: 'Integrations' }],
    page: () =>
      import('../features/integrations/integrations-page.tsx').then((m) => ({
        Component: m.IntegrationsPage,
      })),
  },
];
