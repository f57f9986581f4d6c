export { calendarDay, reportMonth } from '@agency/contracts';
// One way to say a figure's change, shared with the report's PDF and shared page (decision 0113).
export { changeOf, type Change } from '@agency/contracts';
