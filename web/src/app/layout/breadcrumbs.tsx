import { Anchor, Breadcrumbs as MBreadcrumbs, Text } from '@mantine/core';
import { useIntl } from 'react-intl';
import { Link, matchPath, useLocation } from 'react-router-dom';
import { useRouteTitle } from '../placeholder-panels';
import { appRoutes, groupLabels, type AppRoute } from '../route-table';

export interface Crumb {
  path: string;
  /** A message id (group) or a route whose title is rendered. */
  group?: string;
  route?: AppRoute;
}

/** The crumbs of a path: each prefix that is a route (a link) or a group (a label only). */
export function crumbsFor(pathname: string): Crumb[] {
  const segments = pathname.split('/').filter(Boolean);
  const crumbs: Crumb[] = [];
  for (let i = 1; i <= segments.length; i += 1) {
    const prefix = `/${segments.slice(0, i).join('/')}`;
    const route = appRoutes.find((r) => matchPath({ path: r.path, end: true, caseSensitive: false }, prefix));
    if (route) crumbs.push({ path: prefix, route });
    else {
      const group = Object.entries(groupLabels).find(([p]) => p.toLowerCase() === prefix.toLowerCase())?.[1];
      if (group) crumbs.push({ path: prefix, group });
    }
  }
  return crumbs;
}

export function Breadcrumbs() {
  const { pathname } = useLocation();
  const intl = useIntl();
  const title = useRouteTitle();
  const crumbs = crumbsFor(pathname);
  if (crumbs.length === 0) return null;
  return (
    <nav aria-label={intl.formatMessage({ id: 'web.shell.breadcrumbs' })}>
      <MBreadcrumbs separator="›" mb="md" styles={{ root: { flexWrap: 'wrap' } }}>
        {crumbs.map((c, i) => {
          const label = c.route ? title(c.route) : intl.formatMessage({ id: c.group });
          const last = i === crumbs.length - 1;
          if (last) {
            return (
              <Text key={c.path} size="sm" fw={600} aria-current="page">
                {label}
              </Text>
            );
          }
          return c.route ? (
            <Anchor key={c.path} component={Link} to={c.path} size="sm">
              {label}
            </Anchor>
          ) : (
            <Text key={c.path} size="sm">
              {label}
            </Text>
          );
        })}
      </MBreadcrumbs>
    </nav>
  );
}
