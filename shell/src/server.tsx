/**
 * The shell's server build (rspack.server.config.ts): renders a page's markup with the remote page a remote's
 * server build provides, for the gateway to put in the HTML. The browser hydrates it (bootstrap.tsx). See
 * decision 0013.
 */
import * as React from 'react';
import { StrictMode, type ComponentType } from 'react';
import * as ReactDOM from 'react-dom';
import { renderToString } from 'react-dom/server';
import * as jsxRuntime from 'react/jsx-runtime';
// eslint-disable-next-line no-restricted-imports -- server only: the static router is not part of the browser facade
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import * as zustand from 'zustand';
import * as router from '@agency/contracts/router';
import type { ServerPageInput, ShellServerBuild } from '@agency/contracts';
import type { RemotePageProps } from '@agency/contracts/client';
import { ServerPageContext } from './federation/server-page';
import { hostApi, setServerPageData } from './host-api';
import { routeTree } from './routes';

type Page = ComponentType<RemotePageProps>;

const handler = createStaticHandler(routeTree);

const build: ShellServerBuild<Page> = {
  shared: {
    react: React,
    'react/jsx-runtime': jsxRuntime,
    'react-dom': ReactDOM,
    '@agency/contracts/router': router,
    zustand,
  },

  async render({ url, config, page, data }: ServerPageInput<Page>) {
    const context = await handler.query(new Request(url));
    // A redirect or an unmatched URL: the browser renders those as before.
    if (context instanceof Response || context.statusCode !== 200) return null;
    hostApi.config = config;
    setServerPageData(data ?? {});
    const staticRouter = createStaticRouter(handler.dataRoutes, context);
    return renderToString(
      <StrictMode>
        <ServerPageContext.Provider value={page}>
          <StaticRouterProvider router={staticRouter} context={context} hydrate={false} />
        </ServerPageContext.Provider>
      </StrictMode>,
    );
  },
};

export const { shared, render } = build;
