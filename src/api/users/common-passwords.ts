// The most common passwords of 10 or more characters (shorter ones fail the length rule first):
// leaked-password lists' top entries and their pt-BR favourites. A small list shipped with the
// product (DECISIONS §10): it stops the guesses tried first, not every weak password.
export const COMMON_PASSWORDS: ReadonlySet<string> = new Set([
  "0000000000", "0123456789", "1111111111", "1234567890", "12345678910", "1234567891", "123456789a", "a123456789",
  "9876543210", "0987654321", "1122334455", "1234512345", "1212121212", "1234554321", "12341234",
  "qwertyuiop", "qwertyuiop123", "qwerty1234", "qwerty12345", "1q2w3e4r5t", "1q2w3e4r5t6y", "1qaz2wsx3edc", "zaq12wsxcde",
  "qazwsxedc123", "12qwaszx12", "1234qwerasdf", "asdfghjkl", "asdfghjkl123", "zxcvbnm123", "abcdefghij", "abc1234567",
  "password123", "password1234", "passw0rd123", "password12", "changeme123", "welcome123", "letmein1234", "trustno1234",
  "iloveyou123", "football123", "baseball123", "dragon12345", "monkey12345", "sunshine123", "princess123", "superman123",
  "batman12345", "michael123", "jennifer123", "administrator", "admin12345", "admin123456",
  "senha12345", "senha123456", "senhasenha", "minhasenha", "minhasenha123", "senhaforte", "senhaforte123", "mudar12345",
  "mudar123456", "mudarsenha", "trocar1234", "trocarsenha", "temporaria", "temporaria123", "administrador", "cofre12345",
  "brasil1234", "brasil12345", "saopaulo123", "riodejaneiro", "computador", "computador123", "internet123", "estrela123",
  "flamengo123", "flamengo1234", "corinthians", "corinthians123", "palmeiras123", "saopaulofc", "santos1234", "gremio1234",
  "cruzeiro123", "vasco12345", "botafogo123", "fluminense", "atletico123", "internacional", "bahia12345",
  "deusefiel", "jesuscristo", "jesus12345", "te amo 123", "teamo12345", "amorzinho", "meuamor123", "familia123",
]);
