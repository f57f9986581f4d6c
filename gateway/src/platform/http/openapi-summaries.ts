import type { endpoints } from '@agency/contracts';

/**
 * One line per endpoint for the OpenAPI document (openapi.ts). Kept in the gateway, not in the endpoint table:
 * contracts ships to browsers, and these words are for integrators. Every entry of the table must have one.
 */
export const SUMMARIES = {
  releaseState: 'What is live and what runs as canary for the remote.',
  releaseUpload: "Declares a build's files by path, size and SHA-256; answers the version and the files still needed.",
  releaseUploadFile: 'Stores one file of a declared version by its SHA-256 (the bytes are checked against it).',
  releaseSeal: 'Completes an uploaded version and runs its pre-flight checks; a refused version can never be live.',
  releaseLive: 'Makes an uploaded, checked version live for everyone.',
  releaseCanary: 'Serves an uploaded, checked version to a share of visitors beside the live one.',
  releasePromote: 'Makes the canary live for everyone.',
  releaseAbort: 'Ends the canary, with a reason; everyone gets the live version again.',
  releaseRollback: 'Makes the previously live version current again.',
  adminReleasePromote: 'The Releases tab: makes the canary live for everyone.',
  adminReleaseAbort: 'The Releases tab: ends the canary with a reason.',
  adminReleaseShare: "The Releases tab: changes the canary's share of visitors.",
  adminReleaseRollback: 'The Releases tab: makes the previously live version current again.',
  adminReleaseHistory: "A remote's release actions, newest first, with their pre-flight reports.",
  adminDeployTokens: 'Every deploy token (never the token itself).',
  adminDeployTokenCreate: 'Makes a deploy token for one remote; the answer is the only time the token is shown.',
  adminDeployTokenRevoke: 'Revokes a deploy token at once.',
  currentUser: 'The signed-in user (401 when nobody is signed in).',
  login: 'Signs in with a username (any case) and password; starts a new session.',
  register:
    'Creates a client account and signs it in; a master admin with a fresh second factor creates staff accounts (audited, the new owner e-mailed).',
  logout: 'Ends the session (no body).',
  changePassword: "Sets a new password with the current one; ends the account's other sessions.",
  forgotPassword:
    "E-mails a reset link when the name is an account's username or e-mail address; answers the same either way.",
  resetPassword: 'Sets a new password with an e-mailed link; ends every session of the account.',
  adminUsers: 'Every account and its role, by name.',
  changeRole: 'Changes a role (the last master admin stays one); the account signs in again.',
  submitEnquiry: 'Stores an enquiry from the home form and notifies the agency.',
  submitConsultation: 'Stores a consultation request and notifies the agency.',
  optIn: 'Signs a visitor up for the audio and e-mails them its link.',
  trackConversion:
    "Records a conversion event; with the visitor's consent it is queued for Meta's Conversions API and GA4 under the same event id.",
  websiteQuote: "Stores the website calculator's quote, priced again by the server, and e-mails it.",
  submitQuote: 'Stores a social or custom quote (told apart by quoteDetails.services), priced again by the server.',
  checkDiscountCode: "A discount code's percentage (404 for a code that is not one).",
  adminLeads:
    'A page of leads of one type or all four, newest or soonest follow-up first, filtered by status, search (names, e-mail, phone however typed), follow-up and assignee.',
  exportLeads:
    "Every lead of a kind the list's filters match, as CSV, streamed (at most 2 exports per person, 4 in all).",
  exportAllLeads: "The All view's export: a zip of one CSV per kind of lead, each with the list's filters, streamed.",
  adminLead: 'One lead with every column.',
  setEnquiryStatus: "Changes an enquiry's status.",
  setConsultationStatus: "Changes a consultation request's status.",
  setQuoteStatus: "Changes a quote's status.",
  leadTimeline: "A lead's timeline: notes, calls, e-mails, status changes and assignments, oldest first.",
  addLeadEvent: 'Adds a note, call or e-mail to a lead; a call or e-mail follows the lead up.',
  assignLead: 'Assigns a lead to a staff member (or nobody).',
  leadHold: "A lead's retention hold and its reason, if it has one.",
  holdLead: 'Keeps a lead past the two-year retention, with a reason (audited).',
  holdClient: "Keeps a closed client's records past the seven years after closure, with a reason (audited).",
  releaseClientHold: "Lets a closed client's records follow the seven-year rule again (audited).",
  releaseLeadHold: "Lifts a lead's retention hold (audited).",
  leadOverview:
    'The share of leads followed up by their follow-up time (24 hours, weekends and NZ public holidays not counted) over 30 and 90 days, overdue and due-soon counts.',
  failedMessages: 'E-mails and webhook notices that did not go through: dead (tries spent) and still retrying.',
  retryMessage: 'Tries a dead or retrying outbox message again now, with a fresh set of tries.',
  retentionPreview: 'What the next retention run will erase (leads and closed client accounts), and what is on hold.',
  privacyRequests: 'Confirmed privacy requests, soonest due first.',
  privacyExport: "Everything held about a request's address: the person's readable copy (a cover note and CSVs).",
  privacySendCopy:
    'E-mails the person of a request for a copy a link to it (a week, ten downloads) and marks the request done (audited).',
  privacyCopy: "A person's copy of their data, through the link e-mailed to them, while it works.",
  privacyErase: "Erases everything held about a request's address, everywhere (audited without the data).",
  privacyClose: 'Marks a privacy request done and e-mails the person what was done.',
  requestPrivacy:
    'Asks for a copy, correction or deletion of what is held about an address; a confirmation link is e-mailed to it. Answers the same whether or not the address is known.',
  confirmPrivacy:
    'Confirms a privacy request with the token from its e-mailed link; it is then due in 20 working days.',
  reports: "A page of a client's monthly reports, newest first.",
  latestMetrics: "A client's newest headline figures per channel.",
  adminClients: 'A page of client accounts, by name.',
  saveReport:
    "Saves and publishes a client's report for a month (200 when the month had one, which it replaces; 201 when new); the client is told of a month newly published.",
  clientReports:
    "A client's reports, drafts too, each with the figures fetched from Google and which figures staff edited.",
  buildDraft:
    "Builds (201) or refreshes (200) a month's draft from the client's stored Google figures; figures staff edited and published reports stay.",
  saveDraft: "Saves a draft's figures and narrative (409 once published).",
  publishReport: 'Publishes a draft: the client sees it and is told by e-mail, once.',
  saveMetrics: "Records a client's latest headline figures.",
  deleteReport: 'Deletes a monthly report.',
  files: "A page of a client's files, newest first.",
  uploadFile: "Puts a file in a client's files: the body is the file itself; its type is read from its bytes.",
  downloadFile: "A file, as an attachment (a client's own only).",
  deleteFile: "Deletes a client's file.",
  googleState:
    "Whether Google is configured, and a client's Google connection (who connected it, when, the last fetch and error).",
  googleConnect:
    "Starts connecting a client's Google data: answers Google's consent address (state and PKCE held ten minutes for you and this client).",
  googleCallback:
    'Finishes the round trip with the state and code (or error) Google sent back to the dashboard: the grant is sealed and stored.',
  googleSources: "The GA4 properties and Search Console sites the client's grant can read (502 when Google fails).",
  saveGoogleSources:
    "Chooses the client's GA4 property and Search Console site among the grant's (400 naming the field otherwise).",
  googleDisconnect:
    "Revokes the client's grant at Google and removes the connection (a failed revoke is logged; the row goes).",
  servicePackages: 'Active service packages, by sort order.',
  caseStudies: 'Active case studies, by sort order.',
  caseStudy: 'One active case study (404 otherwise).',
  blogPosts: 'A page of published, due posts, newest first, each with its sanitised HTML.',
  blogPost: 'One published, due post (404 for drafts, scheduled and deleted posts too).',
  adminBlogPosts: 'A page of every post: drafts without a date first, then newest.',
  previewBlogPost: 'A Markdown body rendered and sanitised as the site will show it.',
  blogPostPreviewLink: 'A signed link, valid for a day, that shows the post at its address to staff only.',
  blogPostPreview: 'The post a preview link names, as its public page would show it (staff only).',
  contentDrafts: 'Your unsaved drafts, newest first.',
  saveContentDraft:
    'Keeps your unsaved form for an item (0: a new one) until it is saved or discarded; 409 with the newer draft when baseVersion is older than the stored one.',
  deleteContentDraft: 'Discards your draft of an item.',
  createBlogPost: 'Adds a post (409 naming slug when another post has it).',
  adminBlogPost: 'One post with its Markdown body.',
  replaceBlogPost: 'Replaces a post (a full replacement).',
  deleteBlogPost: 'Deletes a post.',
  adminServicePackages: 'A page of every stored service package (of any shape), by sort order.',
  createServicePackage: 'Adds a service package.',
  replaceServicePackage: 'Replaces a service package.',
  deleteServicePackage: 'Deletes a service package.',
  adminCaseStudies: 'A page of every stored case study (of any shape), by sort order.',
  createCaseStudy: 'Adds a case study (its slug made from the title when not given).',
  replaceCaseStudy: 'Replaces a case study.',
  deleteCaseStudy: 'Deletes a case study.',
  uploadContentImage: 'Stores an image for posts and covers: the body is the image itself (at most 5 MiB).',
  auditEvents:
    'The audit trail, newest first: content writes, account changes, lead status changes, deploy tokens and privacy steps, with who, when, what it was done to and the change or what was done; filtered by area, person and days.',
  inviteStaff:
    'Invites a member of staff: the account is made without a usable password and the e-mail carries a set-password link.',
  resendInvite:
    'Sends an invited member of staff a new set-password link; the links sent before stop working (not once the password is set).',
  disableUser: 'Disables an account: its sessions end at once and it cannot sign in (never the last master admin).',
  enableUser: 'Enables a disabled account again.',
  realTalkAudio: 'Where the Real Talk audio is: the configured file, else the newest upload, else null (none yet).',
  realTalkAudioStatus: 'For staff: where the Real Talk audio is and how many sign-ups an upload would e-mail now.',
  uploadRealTalkAudio:
    'Stores the Real Talk audio (the body is the file: MP3, M4A, OGG or WAV, at most 50 MiB) and e-mails it to everyone who signed up while there was none.',
  releases: 'Live and canary of each remote with their real-user figures, and the automatic abort rule.',
  remoteLoadFailure:
    'A remote the shell could not load: counted in /metrics, never stored (30 per client address an hour).',
  rumBeacon:
    "Real-user measurements of a page load; counted only with the page's valid token, bucket cookie and versions.",
  openApi: 'This API as an OpenAPI 3.1 document, generated from the endpoint table.',
  totpSetup:
    'An authenticator-app key as a QR code and as text (no app yet): the same one again for the same session, a new one with replace=1.',
  pendingSignIn:
    'The second step a pending sign-in still owes (a reloaded page resumes it); null when none is pending.',
  confirmPassword: 'The password again: renews the step-up of an account that is not asked for a second factor.',
  secondStep:
    'Turns on (with a factor and unused recovery codes) or off the second step of a client sign-in; audited, the owner e-mailed.',
  totpConfirm: 'Confirms the app with its first code: ten recovery codes, shown once, and the sign-in completes.',
  secondFactor:
    'A code of the app or a recovery code: completes a pending sign-in, or refreshes the step-up of a session.',
  passkeyOptions: 'The challenge of a passkey sign-in, second factor or step-up (stored five minutes, used once).',
  passkeySignIn: 'A passkey assertion: signs in without a password, completes a pending sign-in, or steps up.',
  securityOverview: "The account's second factors: the app, recovery codes left, passkeys.",
  newRecoveryCodes: 'Ten new recovery codes (the old ones stop working). Needs a second factor of the last 15 minutes.',
  passkeyRegistrationOptions: 'The challenge to register a new passkey for this account.',
  addPasskey: 'Stores a new passkey under the name given (audited, the owner e-mailed).',
  removePasskey:
    'Removes a passkey (refused for the last factor of an account asked for a second step; audited, the owner e-mailed).',
  accountSessions: "The account's sessions: browser, device, address, first and last seen.",
  endSession: "Signs one of the account's other sessions out.",
  endOtherSessions: 'Signs every other session of the account out.',
  resetSecondFactor:
    "Clears another account's second factors and sessions (audited, the owner e-mailed): staff set up an app at their next sign-in.",
  reportPdf: "A monthly report as a PDF (a client's own only; staff any).",
  reportShareLinks: "A report's share links: who made each, when it expires, whether revoked, how often opened.",
  createReportShareLink:
    'A link that shows the report without signing in, for 1, 7, 30 or 90 days; its address is shown once.',
  revokeReportShareLink: 'Revokes a share link: it no longer opens the report.',
  googleFigureDays:
    "A client's daily GA4 and Search Console figures as the nightly fetch stored them, and how the fetch is going.",
  googleFetchNow: "Fetches a client's latest Google figures now, out of the nightly turn (limited per staff member).",
  reportSchedule: "A client's report e-mail schedule: on or off, day and time (New Zealand), recipients.",
  saveReportSchedule:
    "Sets a client's report e-mail schedule (day 1-28, time HH:MM in New Zealand, up to 10 extra addresses).",
  sendReport: "E-mails a report now to its schedule's recipients, or as a test to the signed-in staff member only.",
  reportSends: "A report's e-mails: to whom, why, when, whether the PDF was attached, and its link's opens.",
  recordConsent:
    "Counts a visitor's cookie choice (analytics, ads, which button) by New Zealand day; nothing about the visitor is kept.",
  trackingSummary:
    'Server-side conversions per ad platform over the last 7 days (sent, refused, waiting, dead, last sent) and the newest 50 deliveries.',
} satisfies Record<keyof typeof endpoints, string>;
