import { NavLink, ScrollArea } from '@mantine/core';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { Link, useLocation } from 'react-router-dom';
import { useSession } from '@/lib/session-store';
import { buildMenu, menuPaths, type MenuNode } from '../menu';

function isWithin(pathname: string, path: string): boolean {
  const p = pathname.toLowerCase();
  const base = path.toLowerCase();
  return p === base || p.startsWith(`${base}/`);
}

/** A group: a real button (keyboard reachable) that opens its entries. */
function MenuGroup({ node, onNavigate }: { node: MenuNode; onNavigate: () => void }) {
  const intl = useIntl();
  const { pathname } = useLocation();
  const [opened, setOpened] = useState(() => menuPaths(node.children ?? []).some((p) => isWithin(pathname, p)));
  return (
    <NavLink
      component="button"
      type="button"
      label={intl.formatMessage({ id: node.label })}
      opened={opened}
      onChange={setOpened}
      aria-expanded={opened}
      childrenOffset="sm"
    >
      {node.children!.map((child) => (
        <Item key={child.label + (child.path ?? '')} node={child} onNavigate={onNavigate} />
      ))}
    </NavLink>
  );
}

function Item({ node, onNavigate }: { node: MenuNode; onNavigate: () => void }) {
  const intl = useIntl();
  const { pathname } = useLocation();
  if (node.children) return <MenuGroup node={node} onNavigate={onNavigate} />;
  const active = isWithin(pathname, node.path!);
  return (
    <NavLink
      component={Link}
      to={node.path!}
      label={intl.formatMessage({ id: node.label })}
      active={active}
      aria-current={active ? 'page' : undefined}
      onClick={onNavigate}
    />
  );
}

/** The side navigation for the signed-in user's role and privileges (§6 Menu). */
export function SideNav({ onNavigate }: { onNavigate: () => void }) {
  const role = useSession((s) => s.role);
  const privileges = useSession((s) => s.privileges);
  const menu = buildMenu(role, privileges);
  return (
    <div data-testid="side-nav">
      <ScrollArea type="auto" h="calc(100vh - 60px - 40px - var(--mantine-spacing-md))">
        {menu.map((node) => (
          <Item key={node.label + (node.path ?? '')} node={node} onNavigate={onNavigate} />
        ))}
      </ScrollArea>
    </div>
  );
}
