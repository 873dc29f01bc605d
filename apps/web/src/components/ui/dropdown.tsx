import * as Menu from '@radix-ui/react-dropdown-menu';
import type { ReactNode } from 'react';
import './dropdown.css';

type DropdownProps = {
  /** The trigger button's content. */
  trigger: ReactNode;
  triggerClassName?: string;
  triggerTestId?: string;
  children: ReactNode;
};

/** A menu button on Radix: arrow keys, typeahead, Escape, and role="menu" for tests. */
export function Dropdown({ trigger, triggerClassName, triggerTestId, children }: DropdownProps) {
  return (
    <Menu.Root modal={false}>
      <Menu.Trigger className={['dropdown__trigger', triggerClassName].filter(Boolean).join(' ')} data-testid={triggerTestId}>
        {trigger}
      </Menu.Trigger>
      <Menu.Portal>
        <Menu.Content className="dropdown__content" align="end" sideOffset={8}>
          {children}
        </Menu.Content>
      </Menu.Portal>
    </Menu.Root>
  );
}

type ItemProps = {
  children: ReactNode;
  onSelect?: () => void;
};

export const DropdownItem = ({ children, onSelect }: ItemProps) => (
  <Menu.Item className="dropdown__item" onSelect={onSelect}>
    {children}
  </Menu.Item>
);

/** A menu entry that navigates: the child (a router Link) receives the item's props. */
export const DropdownLinkItem = ({ children }: { children: ReactNode }) => (
  <Menu.Item className="dropdown__item" asChild>
    {children}
  </Menu.Item>
);

export const DropdownLabel = ({ children }: { children: ReactNode }) => (
  <Menu.Label className="dropdown__label">{children}</Menu.Label>
);

export const DropdownSeparator = () => <Menu.Separator className="dropdown__separator" />;
