export { Badge, type BadgeProps, type BadgeVariant } from "./Badge.tsx";
export { Button, type ButtonProps, type ButtonSize, type ButtonVariant, type IconButtonProps } from "./Button.tsx";
export {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
  type CardContentProps,
  type CardDescriptionProps,
  type CardHeaderProps,
  type CardProps,
  type CardTitleProps,
} from "./Card.tsx";
export { ConfirmDialog, type ConfirmDialogProps } from "./ConfirmDialog.tsx";
export { Dialog, type DialogProps } from "./Dialog.tsx";
export { Drawer, type DrawerProps } from "./Drawer.tsx";
export { Field, type FieldControlProps, type FieldProps } from "./Field.tsx";
export { Icon, type IconName, type IconProps } from "./Icon.tsx";
export { ICON_NAMES, IconSprite } from "./IconSprite.tsx";
export { Input, type InputProps } from "./Input.tsx";
export { Select, type SelectOption, type SelectProps } from "./Select.tsx";
export { Skeleton, type SkeletonProps } from "./Skeleton.tsx";
export {
  Table,
  sortRows,
  type SortDirection,
  type SortValue,
  type TableColumn,
  type TableProps,
  type TableSort,
} from "./Table.tsx";
export { Tabs, type TabItem, type TabsProps } from "./Tabs.tsx";
export {
  TOAST_DURATION_MS,
  TOAST_SWIPE_THRESHOLD_PX,
  dismissToast,
  pauseToast,
  resumeToast,
  toast,
  toastSignal,
  type ToastItem,
  type ToastOptions,
  type ToastVariant,
} from "./toast.ts";
export { Toaster, type ToasterProps } from "./Toaster.tsx";
export { TOOLTIP_DELAY_MS, TOOLTIP_SKIP_DELAY_MS, Tooltip, type TooltipProps } from "./Tooltip.tsx";
export { PageHeader, type PageHeaderProps } from "./PageHeader.tsx";
export { EmptyState, type EmptyStateProps } from "./EmptyState.tsx";
export { IconAction, type IconActionProps } from "./IconAction.tsx";
export { MoneyInput, type MoneyInputProps } from "./MoneyInput.tsx";
export { Pager, pageCount, rangeText, type PagerProps } from "./Pager.tsx";
export { FilterBar, type FilterBarProps } from "./FilterBar.tsx";
