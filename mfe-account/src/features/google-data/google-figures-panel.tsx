/** The google-data feature's entry for the dashboard (decision 0108): one client's nightly figures, for staff. */
export { DailyFiguresView as GoogleFiguresPanel } from './components/daily-figures';
