/** The staff's panels of the dashboard, as one chunk: a client's dashboard never loads it (decision 0055). */
export { AuditPanel } from '../audit/audit-panel';
export { BlogPanel } from '../content/blog-panel';
export { ClientsPanel } from '../clients/clients-panel';
export { ContentPanel } from '../content/content-panel';
export { GoogleDataSection } from '../google-data/google-data-section';
export { GoogleFiguresPanel } from '../google-data/google-figures-panel';
export { LeadsPanel } from '../leads/leads-panel';
export { PrivacyPanel } from '../privacy/privacy-panel';
export { ReportDraftsPanel } from '../report-drafts/report-drafts-panel';
export { ReleasesPanel } from '../releases/releases-panel';
export { TrackingPanel } from '../tracking/tracking-panel';
export { UsersPanel } from '../users/users-panel';
