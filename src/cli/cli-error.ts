/** A command that cannot do what was asked: its pt-BR message is printed and the process exits with `exitCode`. */
export class CliError extends Error {
  // 64 = EX_USAGE (sysexits.h), the default for a wrongly typed command.
  constructor(message: string, readonly exitCode = 64) {
    super(message);
    this.name = "CliError";
  }
}
