DROP INDEX `payables_status_due_idx`;--> statement-breakpoint
DROP INDEX `payables_paid_idx`;--> statement-breakpoint
CREATE INDEX `payables_status_amount_idx` ON `payables` (`status`,`data_vencimento`,`valor`,`valor_pago`);--> statement-breakpoint
CREATE INDEX `payables_paid_amount_idx` ON `payables` (`data_pagamento`,`status`,`valor_pago`,`valor`);--> statement-breakpoint
DROP INDEX `receivables_status_due_idx`;--> statement-breakpoint
DROP INDEX `receivables_paid_idx`;--> statement-breakpoint
CREATE INDEX `receivables_status_amount_idx` ON `receivables` (`status`,`data_vencimento`,`valor`,`valor_pago`);--> statement-breakpoint
CREATE INDEX `receivables_paid_amount_idx` ON `receivables` (`data_pagamento`,`status`,`valor_pago`,`valor`);