// The Demo dropdown of the top bar: switch between the three demo roles (only those three; docs/ARCHITECTURE.md, "Screen rules").
import { useEffect, useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { DEMO_ROLES, ROLE_LABELS, useDemoRole, type DemoRole } from '@/lib/demo-role';

export function RoleDropdown() {
  const [role, setRole] = useDemoRole();
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const menuId = useId();
  const navigate = useNavigate();

  useEffect(() => {
    if (!open) return;
    const onDown = (event: MouseEvent | TouchEvent) => {
      if (root.current && !root.current.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', onDown);
    document.addEventListener('touchstart', onDown);
    root.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
    return () => {
      document.removeEventListener('mousedown', onDown);
      document.removeEventListener('touchstart', onDown);
    };
  }, [open]);

  const choose = (next: DemoRole) => {
    setRole(next);
    setOpen(false);
    navigate('/demo');
  };

  const onMenuKey = (event: React.KeyboardEvent) => {
    const items = Array.from(root.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);
    const index = items.indexOf(document.activeElement as HTMLElement);
    if (event.key === 'Escape') {
      setOpen(false);
      trigger.current?.focus();
    } else if (event.key === 'ArrowDown') {
      event.preventDefault();
      items[(index + 1) % items.length]?.focus();
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      items[(index - 1 + items.length) % items.length]?.focus();
    }
  };

  return (
    <div className="role-dropdown" ref={root}>
      <button
        ref={trigger}
        type="button"
        className="btn btn-ghost topbar-btn"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen((v) => !v)}
      >
        Demo{' '}
        <span className="caret" aria-hidden="true">
          ▾
        </span>
      </button>
      {open && (
        <div className="role-menu" id={menuId} role="menu" aria-label="Demo roles" onKeyDown={onMenuKey}>
          {DEMO_ROLES.map((r) => {
            const active = r === role;
            return (
              <button key={r} type="button" role="menuitem" className={`role-item${active ? ' active' : ''}`} onClick={() => choose(r)}>
                <span>{active ? `Logged in as ${ROLE_LABELS[r]}` : `Login as ${ROLE_LABELS[r]}`}</span>
                {active && <span className="badge badge-green">Active</span>}
              </button>
            );
          })}
          <p className="role-menu-footer">Demo roles to test different UI experiences</p>
        </div>
      )}
    </div>
  );
}
