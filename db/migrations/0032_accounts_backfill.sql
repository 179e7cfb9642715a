-- Hand-written (issue 34 §3): the bank accounts of the statements imported before accounts existed.
-- One account per distinct (banco, agencia, conta) of the finished imports, opening balance 0 at
-- the end of the day before the earliest statement's start (its first line's date when the file
-- declared no period, else its import day), so every line of its statements counts after it: Cofre
-- cannot know the real balance on that day, and inventing one (LEDGERBAL is a closing balance)
-- would be worse; docs/decisions.md "Bank accounts" says so and that the person corrects it.
-- None becomes the default (that is the person's choice). An unfinished import ('') is deleted at start.
INSERT INTO bank_accounts (banco, agencia, conta, apelido, saldo_inicial, saldo_inicial_data, padrao, ativa)
SELECT banco, coalesce(agencia, ''), conta, '', 0,
       date(min(coalesce(de,
         (SELECT min(t.data) FROM statement_lines l JOIN bank_transactions t ON t.id = l.transaction_id WHERE l.statement_id = statements.id),
         substr(importado_em, 1, 10))), '-1 day'), 0, 1
  FROM statements
 WHERE importado_em <> '' AND conta_id IS NULL
 GROUP BY banco, coalesce(agencia, ''), conta
    ON CONFLICT DO NOTHING;
--> statement-breakpoint
UPDATE statements SET conta_id = (
  SELECT a.id FROM bank_accounts a WHERE a.banco = statements.banco AND a.agencia = coalesce(statements.agencia, '') AND a.conta = statements.conta)
 WHERE conta_id IS NULL AND importado_em <> '';
--> statement-breakpoint
-- A reconciled payment is in its statement's account.
UPDATE payments SET conta_id = (
  SELECT s.conta_id FROM statement_lines l JOIN statements s ON s.id = l.statement_id
   WHERE l.transaction_id = payments.bank_transaction_id AND s.conta_id IS NOT NULL ORDER BY s.id DESC LIMIT 1)
 WHERE conta_id IS NULL AND bank_transaction_id IS NOT NULL;
