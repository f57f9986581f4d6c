// Async boundary: lets the federation runtime negotiate shared modules (React etc.) before any of them runs.
void import('./bootstrap');
