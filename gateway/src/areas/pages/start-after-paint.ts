import { createHash } from 'node:crypto';
import { EARLY_CLICK } from '@agency/contracts';

/**
 * The one inline script a server-rendered page carries. Its markup needs only the stylesheets to paint, so the
 * code waits: the hints for the shell's chunks and the remote's manifest sit in an inert <template> just before
 * this script, and once the first contentful paint has been presented they go into the head and the entry
 * script (`data-src`) starts. Before, on a fast connection the code arrived with the stylesheets and the
 * federation runtime and hydration ran ahead of the paint; on a slow one it shared the link with them
 * (decision 0014). Waiting for the paint entry, not a frame: a frame is shown after rAF runs. A hidden tab paints
 * nothing and a browser without paint timing cannot say, so both start at once; the timer starts the code should
 * no paint ever be reported. Meanwhile it keeps the visitor's last click on one of the shell's menu buttons, for the
 * shell to repeat once they work (EARLY_CLICK, decision 0016). The text never changes, so neither does its CSP hash.
 */
export const START_AFTER_PAINT =
  `addEventListener('click',e=>{if(window.${EARLY_CLICK.done})return;const b=e.target instanceof Element?e.target.closest('[${EARLY_CLICK.attribute}]'):null;window.${EARLY_CLICK.global}=b?{el:b,at:e.timeStamp}:undefined},true);` +
  "{const s=document.currentScript,t=s.previousElementSibling;let started=false;const go=()=>{if(started)return;started=true;if(t instanceof HTMLTemplateElement)document.head.append(t.content);document.head.append(Object.assign(document.createElement('script'),{src:s.dataset.src}))};" +
  "if(document.visibilityState==='hidden'||!PerformanceObserver.supportedEntryTypes?.includes('paint'))go();" +
  "else{new PerformanceObserver((l,o)=>{if(l.getEntriesByName('first-contentful-paint').length){o.disconnect();go()}}).observe({type:'paint',buffered:true});setTimeout(go,2000)}}";

/** Its CSP source: pages allow this script and no other inline one. */
export const START_AFTER_PAINT_SOURCE = `'sha256-${createHash('sha256').update(START_AFTER_PAINT).digest('base64')}'`;

/** The template of hints and the script that applies it, for the end of a server-rendered root. */
export const startAfterPaint = (entry: string, hints: readonly string[]) =>
  `<template>${hints.join('')}</template><script data-src="${entry}">${START_AFTER_PAINT}</script>`;
